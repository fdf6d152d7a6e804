"""The interface a game family gives the AI: what its package holds, and
:class:`Search`, Hard's part, with its defaults.

The general layer (:mod:`domino.ai`: the anytime protocol, Easy, Medium, Hard,
the contract's exact solver) knows no game family. A game class names its
family package in ``AI`` (:mod:`domino.game`); :func:`domino.ai.family`
imports it, once per decision. The families: :mod:`domino.lineai` (the line
games), :mod:`domino.looai` (Domino Loo), :mod:`domino.castleai` (Castle
Rock). A family package gives:

``weight(move)``
    Easy's liking for a legal move, an int.
``Knowledge(game_cls, obs, game)``
    What ``obs`` proves about the hidden tiles and the sampler of deals
    consistent with it; ``game``, a search game of ``game_cls`` to reuse, or
    None (:func:`domino.ai.anytime.new_game`). It has ``game`` (the search
    game, standing at the observed position with some deal of the hidden
    tiles when ``at_position``), ``pool`` (the hidden tiles), ``closed`` (no
    hidden tile can come into a hand any more: Hard may then solve the ending
    exactly), ``nsides``, ``scoring`` (plays score points during the hand:
    Hard gives such games fewer, dearer playouts), and:
    ``deal(rng, tries=20, wt=None)`` a deal of the hidden tiles, ``owner``: a
    bytearray parallel to ``pool`` (the same buffer each call; drawn with
    weights ``wt`` from ``guide``, ``logq`` is then the log of its chance);
    ``replay(owner, weigh=None)`` stands ``game`` at the position with that
    deal and, given ``weigh(game, seat, move)``, returns its sum over the
    other seats' seen moves (else 0.0); ``reweigh(owner, weigh=None)`` the
    same where the family can do it more cheaply, else None.
``medium_scores(K, rng)``
    Medium's score of each legal move of ``K.obs`` (K a ``Knowledge``); Hard
    ranks its candidates by it.
``search_parts()``
    Hard's part: an instance of the family's subclass of :class:`Search`,
    from a module imported on first use (Easy and Medium never load it).

Hard's parameters and each family's cost record are tabled in docs/ai.md.
"""

from . import exp_table as _exp_table


class Costs:
    """A family's cost record: Hard's weights, in 1/20 ms of an RP2040, of a
    hidden tile placed in a deal drawn (``deal``; ``deal_guided`` in a guided
    draw), an event replayed (``replay``) and more when weighed (``weigh``), a
    playout move (``move``), a node of the contract's exact solver (``node``;
    ``node_fast`` of the family's ``FastSolver``), a unit of the family's
    policy work (``work``, :meth:`Search.work`), of the block likelihood's work
    (``loglik``), a move of a playout on the fast solver's state
    (``move_fast``) and each such playout (``playout_fast``); 0 where the
    family lacks the feature. Fitted by ``tools/hard_cost.py``."""

    def __init__(self, deal, replay, weigh, move, node, work=0, deal_guided=0, loglik=0,
                 node_fast=0, move_fast=0, playout_fast=0):
        self.deal = deal
        self.replay = replay
        self.weigh = weigh
        self.move = move
        self.node = node
        self.work = work
        self.deal_guided = deal_guided
        self.loglik = loglik
        self.node_fast = node_fast
        self.move_fast = move_fast
        self.playout_fast = playout_fast


class Search:
    """Hard's part of a family. A family's subclass must give ``COSTS`` (or
    :meth:`costs`), ``rollout`` and ``loglik``; the rest has its default here.

    ``rollout(g, buf, rng, scoring, cnt)`` plays ``g`` on by the family's fast
    policy and returns the moves made (``buf`` a move buffer, ``cnt`` 104 bytes
    of scratch). ``loglik(g, buf, sbuf, seat, move, etab, scoring, eps)`` with
    :meth:`exp_table` is the model of play: the log-probability that ``seat``
    chose ``move`` at ``g``, which weighs sampled deals
    (:func:`domino.ai.softmax_loglik` ends every one).

    Where :meth:`model_applies`, ``BlockModel(K, etab, mix, sharp)``
    (``loglik(owner)``, ``work``) and ``guide(model, sharp, floor)`` give a
    cheaper likelihood of a deal from the seen plays alone and draw weights
    for ``Knowledge.deal``; where :meth:`fast_applies`, ``FastSolver(lists)``
    is a faster exact solver of ``g``'s ending, used as
    :class:`domino.ai.endgame.Solver` (``solve``, ``nodes``, ``UNIT``).
    """

    COSTS = None  # the family's Costs (or override costs())
    PRIOR_SCALE = 1  # Hard's PRIOR (Medium's score's weight) times this (or override prior_scale())
    BlockModel = None
    guide = None
    FastSolver = None

    def costs(self, game_cls):
        """The family's :class:`Costs` for ``game_cls``: ``COSTS``."""
        return self.COSTS

    def prior_scale(self, K):
        """What Hard's PRIOR is multiplied by at ``K``'s position: ``PRIOR_SCALE``."""
        return self.PRIOR_SCALE

    def top(self, K, top):
        """How many of Medium's best moves Hard searches at ``K``'s position (read
        from ``K.obs``: the search game is not there yet), given its ``TOP`` (0:
        every move): ``top``."""
        return top

    def searches(self, K):
        """Whether Hard searches at ``K``'s position; where not, it plays Medium's
        choice: always."""
        return True

    def exp_table(self, beta):
        """The model of play's weights for sharpness ``beta`` (``loglik``'s ``etab``):
        :func:`domino.ai.exp_table`."""
        return _exp_table(beta)

    def points(self, g):
        """Points per side of the ended hand ``g`` that Hard values a playout by:
        its result's."""
        return g.result().points

    def work(self):
        """The policy's work (rollouts, ``medium_scores``) since last asked, priced
        at ``Costs.work``: none."""
        return 0

    def model_applies(self, K):
        """Whether ``BlockModel`` gives the deals' likelihood for ``K``: no (deals are
        weighed by a replay)."""
        return False

    def fast_applies(self, g):
        """Whether ``FastSolver`` can search ``g``'s ending from here: no."""
        return False

    def fast_playout(self, game_cls):
        """None, or ``playout(solver, g, side, nsides, bad, cnt)`` playing a playout
        on a ``FastSolver``'s state (where :meth:`fast_applies`) and returning
        the value of the ended hand, as ``rollout`` and ``points`` give but
        cheaper, importing what it uses: None."""
        return None

    def exact_at(self, K):
        """The tiles left in all hands at or below which Hard values endings
        exactly once ``K.closed``; None: Hard's ``EXACT`` with a ``FastSolver``,
        else ``EXACT_GENERIC``."""
        return None

    def match_odds(self, K):
        """``(pace, sd, left)`` for :func:`domino.ai.odds.chances` where Hard values a
        playout by the chance to win the match it leaves (``K.obs.standing``), else
        None: none."""
        return None

    def close_cost(self, K, cost_close):
        """The most a decision with no clear leader may spend, going on past
        Hard's ``COST`` (``cost_close``: Hard's ``COST_CLOSE``); 0: it may not."""
        return 0
