"""The interface a game family gives the AI, and the defaults of its search part.

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
    Hard's part, a module imported on first use (Easy and Medium never load
    it). What it must give:

    ``rollout(g, buf, rng, scoring, cnt)``
        plays ``g`` on by the family's fast policy, returns the moves made
        (``buf`` a move buffer, ``cnt`` 104 bytes of scratch).
    ``points(g)``
        the points per side Hard values a playout's end by.
    ``exp_table(beta)``, ``loglik(g, buf, sbuf, seat, move, etab, scoring, eps)``
        the model of play: the log-probability that ``seat`` chose ``move``
        at ``g``, which weighs sampled deals.
    ``costs(game_cls)``
        the family's cost record for ``game_cls`` (:func:`domino.ai.hard.costs`):
        Hard's weights, in 1/20 ms of an RP2040, of the work it counts.
    ``work()``, where the cost record prices ``work``
        the work the family's policy did beyond the moves made since it was
        last called (its rollouts' and ``medium_scores``' searches).
    ``PRIOR_SCALE``
        what Hard's ``PRIOR`` (the weight of Medium's score beside the
        playouts' mean value) is multiplied by for this family.

    What it may give, else the default here (a family without the feature
    imports the default from this module):

    ``model_applies(K)``, ``BlockModel(K, etab, mix, sharp)``, ``guide(model, sharp, floor)``
        where a model applies, a cheaper likelihood of a deal from the seen
        plays alone (``loglik(owner)``, ``work``) and draw weights for
        ``deal``. Default: none (deals are weighed by a replay).
    ``fast_applies(g)``, ``FastSolver(lists)``
        where it applies, a faster exact solver of ``g``'s ending, used as
        :class:`domino.ai.endgame.Solver` (``solve``, ``nodes``, ``UNIT``).
        Default: none (the contract's solver).
    ``fast_playout(game_cls)``
        None, or ``playout(solver, g, side, nsides, bad, cnt)`` playing a
        playout on a ``FastSolver``'s state (where ``fast_applies``) and
        returning the value of the ended hand, as ``rollout`` and ``points``
        give but cheaper. Default: None.
    ``exact_at(K)``
        the tiles left in all hands at or below which Hard values endings
        exactly once ``K.closed``. Default: None (Hard's ``EXACT`` with a
        ``FastSolver``, else ``EXACT_GENERIC``).
    ``close_applies(K)``
        whether a decision with no clear leader may go on past Hard's
        ``COST`` to its ``COST_CLOSE``. Default: no.

Hard's parameters and each family's values are tabled in docs/ai.md.
"""

BlockModel = None
guide = None
FastSolver = None


def model_applies(K):
    """No model of play from the seen plays alone: False."""
    return False


def fast_applies(g):
    """No faster exact solver: False."""
    return False


def fast_playout(game_cls):
    """No playouts on a faster solver's state: None."""
    return None


def exact_at(K):
    """Hard's own threshold of exact endings: None."""
    return None


def close_applies(K):
    """Whether a close decision may go on past Hard's ``COST``: no."""
    return False
