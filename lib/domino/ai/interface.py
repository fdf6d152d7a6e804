"""The interface a game family gives the AI, with its defaults.

The general layer (:mod:`domino.ai`) knows no game family. A game class names
its family package in ``AI`` (:mod:`domino.game`): ``domino.<AI>``, which
:func:`domino.ai.interface` imports once per decision. The package gives what
every level uses:

``weight(move)``
    Easy's liking for a legal move, an int (a beginner sheds heavy tiles).
``Knowledge(game_cls, obs, game)``
    What ``obs`` proves about the hidden tiles and the sampler of deals
    consistent with it; ``game`` a search game of ``game_cls`` to reuse, or
    None (:func:`domino.ai.anytime.new_game`). It has ``obs``, ``game`` (the
    search game it uses, standing at the observed position with some deal of
    the hidden tiles when ``at_position``), ``pool`` (the hidden tiles),
    ``closed`` (no hidden tile can come into a hand any more: Hard may then
    solve the ending exactly), ``nsides``, ``scoring`` (plays score points
    during the hand) and:
    ``deal(rng, tries=20, wt=None)`` a deal of the hidden tiles, ``owner``: a
    bytearray parallel to ``pool``, the same buffer each call (drawn with the
    weights ``wt`` of :attr:`Search.guide`, ``logq`` is then the log of its
    chance); ``replay(owner, weigh=None)`` stands ``game`` at the position
    with that deal and, given ``weigh(game, seat, move)``, returns its sum
    over the other seats' seen moves (else 0.0); ``reweigh(owner,
    weigh=None)`` the same where the family can do it more cheaply, else None.
``medium_scores(K, rng)``
    Medium's score of each legal move of ``K.obs`` from what the table shows
    (``K`` a ``Knowledge``); Hard ranks its candidates by it.

and, for Hard only, a module ``domino.<AI>.search`` whose ``SEARCH`` is a
:class:`Search` (:func:`domino.ai.search`: Easy and Medium never load it).
Family modules read their games' moves and state; this module and the rest of
the general layer never do.
"""

from . import exp_table as _exp_table


class Costs:
    """Hard's cost weights for one family's code, in 1/20 ms of CircuitPython
    on an RP2040 (fitted to decision times on the emulated Pico: docs/ai.md).
    Hard counts each per:

    ``deal``       hidden tile placed in a deal drawn,
    ``replay``     event replayed to stand a deal at the position,
    ``weigh``      event weighed by the model of play as it is replayed,
    ``move``       playout move (``Search.rollout``),
    ``node``       node of the contract's exact solver (:mod:`domino.ai.endgame`),
    ``work``       unit of the family's policy's own ``Search.work`` (0: none),
    ``guided``     hidden tile placed in a guided draw (default ``deal``),
    ``fast_node``  node of the family's ``Search.FastSolver`` (default ``node``),
    ``model``      unit of ``Search.BlockModel``'s ``work``,
    ``fast_move``  move of a ``Search.fast_playout`` playout,
    ``fast_load``  such playout (the load of its state).
    """

    def __init__(self, deal, replay, weigh, move, node, work=0, guided=None, fast_node=None,
                 model=0, fast_move=0, fast_load=0):
        self.deal = deal
        self.replay = replay
        self.weigh = weigh
        self.move = move
        self.node = node
        self.work = work
        self.guided = deal if guided is None else guided
        self.fast_node = node if fast_node is None else fast_node
        self.model = model
        self.fast_move = fast_move
        self.fast_load = fast_load


class Search:
    """Hard's part of a game family: its playouts, model of play, exact
    endings and costs. A family subclasses it in its ``search`` module,
    overriding what differs from these defaults (no block model, no faster
    solver or playouts, Hard's own thresholds of exact endings, no policy
    work), and sets ``SEARCH`` to one instance. The functions Hard calls in its
    loops (``rollout``, ``loglik``, ``points``, ``work``) may be plain
    functions made class attributes with ``staticmethod``.

    ``COSTS``         the family's :class:`Costs` (required; see :meth:`costs`).
    ``PRIOR_SCALE``   what Hard's ``PRIOR`` (the weight of ``medium_scores``
                      beside the playouts' mean value) is multiplied by here.
    ``BlockModel``    None, or where :meth:`model_applies`, a class
                      ``BlockModel(K, etab, mix, sharp)`` with ``loglik(owner)``
                      (a deal's likelihood from the seen plays alone, the game
                      left where it is) and ``work`` (its last call's work).
    ``guide``         None, or where :meth:`model_applies`, a function
                      ``guide(model, sharp, floor)``: draw weights for
                      ``Knowledge.deal`` from a ``BlockModel``'s seen plays.
    ``FastSolver``    None, or where :meth:`fast_applies`, a class
                      ``FastSolver(lists)`` (three move buffers to use as
                      scratch) solving endings faster than, and as,
                      :class:`domino.ai.endgame.Solver` (``solve``, ``nodes``,
                      ``UNIT``).
    """

    COSTS = None
    PRIOR_SCALE = 1
    BlockModel = None
    guide = None
    FastSolver = None

    def rollout(self, g, buf, rng, scoring, cnt):
        """Play ``g`` to the end of the hand by the family's fast policy (all
        seats) and return the number of moves made; ``buf`` a move buffer,
        ``cnt`` the family's :meth:`scratch`. Required."""
        raise NotImplementedError

    def loglik(self, g, buf, sbuf, seat, move, etab, scoring, eps):
        """The model of play: the log-probability that ``seat`` chose ``move``
        at ``g`` (softmax with the weights ``etab`` of :meth:`exp_table`, mixed
        with a uniform choice of weight ``eps``: :func:`domino.ai.softmax_loglik`);
        ``buf``, ``sbuf`` scratch move buffers. Required."""
        raise NotImplementedError

    def points(self, g):
        """Points per side of the ended hand ``g``, which Hard values a playout
        by: its result's."""
        return g.result().points

    def exp_table(self, beta):
        """The model of play's weights for sharpness ``beta``
        (:func:`domino.ai.exp_table`)."""
        return _exp_table(beta)

    def scratch(self):
        """The scratch :meth:`rollout` and ``fast_playout`` are given, made
        once per player: None."""
        return None

    def costs(self, K):
        """The cost weights of a decision on ``K`` (a ``Knowledge``): ``COSTS``."""
        return self.COSTS

    def work(self):
        """The work the family's policy did since the last call beyond the
        moves made (its rollouts' and ``medium_scores``' searches), which Hard
        counts at ``Costs.work``: 0."""
        return 0

    def model_applies(self, K):
        """Whether ``BlockModel`` and ``guide`` weigh and guide the deals of a
        decision on ``K`` (else a weighed replay does): False."""
        return False

    def fast_applies(self, g):
        """Whether ``FastSolver`` can solve ``g`` from here (else the
        contract's :class:`~domino.ai.endgame.Solver`): False."""
        return False

    def fast_playout(self, game_cls):
        """None, or, for ``game_cls``'s hands, a function ``playout(solver, g,
        side, nsides, bad, cnt)`` playing where :meth:`fast_applies` the same
        playout as :meth:`rollout` on a ``FastSolver``'s state, more cheaply,
        and returning the ended hand's value (``solver.nodes``: the moves
        made); it imports what those playouts use (Hard's ``prepare`` calls
        it): None."""
        return None

    def exact_at(self, K):
        """The tiles left in all hands at or below which Hard values endings
        exactly once ``K.closed`` (0: never); None: Hard's ``EXACT`` where
        :meth:`fast_applies`, else its ``EXACT_GENERIC``."""
        return None

    def close_applies(self, K):
        """Whether a decision on ``K`` with no clear leader may go on past
        Hard's ``COST`` to its ``COST_CLOSE`` (where decisions mostly reach
        their target of playouts within about ``COST``; where ``COST`` stops
        them, going on would take nearly every one to ``COST_CLOSE``): False."""
        return False
