"""The line games' AI family, and the interface every game family gives the AI.

The general layer (:mod:`domino.ai`: the anytime protocol, Easy, Medium, Hard,
the contract's exact solver) knows no game family. A game class names its
family module in ``AI`` (:mod:`domino.game`); :func:`domino.ai.family`
imports it, once per decision. Line games (:class:`domino.line.LineGame`:
Seychelles, Domino Whist, All Fives) name this package; a trick game gives a
module of its own with the same interface (Domino Loo: :mod:`domino.looai`),
which is all a level calls:

``weight(move)``
    Easy's liking for a legal move, an int (here the tile's pips times 4, and
    8 more for a double: a beginner sheds heavy tiles).
``Knowledge(game_cls, obs, game)``
    What ``obs`` proves about the hidden tiles (here: voids from passes and
    draws) and the sampler of deals consistent with it; ``game``, a search
    game of ``game_cls`` to reuse, or None
    (:func:`domino.ai.anytime.new_game`). It has ``game`` (the search game it
    uses, standing at the observed position, with some deal of the hidden
    tiles, when ``at_position``), ``pool`` (the hidden tiles), ``closed`` (no
    hidden tile can come into a hand any more: Hard may then solve the
    ending exactly; here, an empty boneyard), ``nsides`` and
    ``scoring`` (plays score points during the hand: Hard gives such games
    fewer, dearer playouts), and:
    ``deal(rng, tries=20, wt=None)`` a deal of the hidden tiles, ``owner``:
    a bytearray parallel to ``pool`` (the same buffer each call; drawn with
    weights ``wt`` from ``guide``, ``logq`` is then the log of its chance);
    ``replay(owner, weigh=None)`` stands ``game`` at the position with that
    deal and, given ``weigh(game, seat, move)``, returns its sum over the
    other seats' seen moves (else 0.0); ``reweigh(owner, weigh=None)`` the
    same where the family can do it more cheaply, else None.
``medium_scores(K, rng)``
    Medium's score of each legal move of ``K.obs`` from what the table shows
    (K a ``Knowledge``); Hard ranks its candidates by it.
``search_parts()``
    Hard's part, a module imported on first use (Easy and Medium never load
    it; here :mod:`.search`):
    ``rollout(g, buf, rng, scoring, cnt)`` plays ``g`` to the end of the
    hand by the family's fast policy and returns the moves made (``buf`` a
    move buffer, ``cnt`` 104 bytes of scratch); ``points(g)`` the points per
    side of the ended hand that Hard values a playout by (here
    ``g.result().points``);
    ``exp_table(beta)`` and ``loglik(g, buf, sbuf, seat, move, etab,
    scoring, eps)``, the model of play: the log-probability that ``seat``
    chose ``move`` at ``g``, which weighs sampled deals;
    ``model_applies(K)``, ``BlockModel(K, etab, mix, sharp)`` (``loglik(owner)``,
    ``work``) and ``guide(model, sharp, floor)``: where they apply, a cheaper
    likelihood of a deal from the seen plays alone and draw weights for
    ``deal``; ``fast_applies(g)`` and ``FastSolver(lists)``: where it
    applies, a faster exact solver of ``g``'s ending, used as
    :class:`domino.ai.endgame.Solver` (``solve``, ``nodes``, ``UNIT``);
    ``fast_playout(game_cls)``: None, or a function ``playout(solver, g,
    side, nsides, bad, cnt)`` that, where ``fast_applies(g)``, plays a
    playout on a ``FastSolver``'s state and returns the value of the ended
    hand (``solver.nodes``: the moves made), the same as ``rollout`` and
    ``points`` give but cheaper (here, in block play: on bitmasks);
    ``exact_at(K)``, the tiles left in all hands at or below which Hard
    values endings exactly once ``K.closed`` (None: Hard's ``EXACT`` /
    ``EXACT_GENERIC``); ``COSTS``, the family's cost weights ``(deal,
    replay, weigh, move, node)`` in Hard's units (None: Hard's own ``W_``
    weights, fitted to the line family), and optionally a sixth, ``work``:
    then ``work()`` gives the work the family's policy did beyond the moves
    made since it was last called (its rollouts' and ``medium_scores``'
    searches), which Hard counts at that weight; ``PRIOR_SCALE``, what Hard's
    ``PRIOR`` (the weight of ``medium_scores`` beside the playouts' mean
    value) is multiplied by for this family (here 1); ``close_applies(K)``,
    whether a decision with no clear leader may go on past Hard's ``COST`` to
    its ``COST_CLOSE`` (where decisions mostly reach their target of playouts
    within about that: here block play; where ``COST`` stops them, going on
    would take nearly every one to ``COST_CLOSE``).

Exact endings value hands by the contract (:func:`domino.ai.endgame.value`). The line
family's modules read line moves (``tile << 2 | arm``) and ``LineGame`` state,
and the class flags ``BONEYARD`` and ``SCORES_IN_PLAY``: block play (neither)
is on :class:`~domino.line.LineGame`'s two arms, and only there do the
playouts' fast path, ``BlockModel`` and ``FastSolver`` (and its playouts) apply.
"""

from .. import tiles
from .know import Knowledge  # noqa: F401  (the interface)
from .medium import medium_scores  # noqa: F401

_HI = tiles.HI
_LO = tiles.LO


def weight(move):
    """Easy's liking for ``move`` (module doc)."""
    t = move >> 2
    return (_HI[t] + _LO[t]) * 4 + (8 if _HI[t] == _LO[t] else 0)


def search_parts():
    """Hard's part of the interface (module doc)."""
    from . import search
    return search
