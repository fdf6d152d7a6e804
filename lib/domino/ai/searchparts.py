"""Hard's part of a game family's AI interface: :class:`SearchParts`, its defaults, and :class:`Costs`.

A family's package (``domino.<family>ai``, named by the game class's ``AI``)
gives the general layer four names (:mod:`domino.ai` lists them); the fourth,
``search_parts()``, returns a subclass of :class:`SearchParts` that Hard uses
as it is, never an instance: what a family does not override is the default
written here. Only Hard imports it.
"""


class Costs:
    """Hard's cost weights for a family's code, in 1/20 ms of an RP2040 (fitted to
    the emulated Pico's decision times, docs/ai.md): ``deal`` a hidden tile placed in
    a deal drawn, ``replay`` an event replayed, ``weigh`` an event weighed, ``move``
    a playout move, ``node`` a node of exact search, ``work`` a unit of the
    policy's own work (the family's ``work()``: 0, none counted), ``loglik`` a
    unit of the block model's work, ``fast_move`` and ``fast_playout`` a move and
    a playout on the fast solver's state."""

    def __init__(self, deal, replay, weigh, move, node, work=0, loglik=0, fast_move=0, fast_playout=0):
        self.deal = deal
        self.replay = replay
        self.weigh = weigh
        self.move = move
        self.node = node
        self.work = work
        self.loglik = loglik
        self.fast_move = fast_move
        self.fast_playout = fast_playout


class SearchParts:
    """Hard's part of a family. A family must give ``COSTS`` (or ``costs``),
    ``rollout``, ``exp_table`` and ``loglik``; the rest has a default here.

    ``rollout(g, buf, rng, scoring, cnt)`` plays ``g`` to the end of the hand by
    the family's fast policy and returns the moves made (``buf`` a move buffer,
    ``cnt`` 104 bytes of scratch). ``exp_table(beta)`` and ``loglik(g, buf,
    sbuf, seat, move, etab, scoring, eps)`` are the model of play: the
    log-probability that ``seat`` chose ``move`` at ``g``, which weighs sampled
    deals (:func:`domino.ai.softmax_loglik` ends every one).
    ``BlockModel(K, etab, mix, sharp)`` (``loglik(owner)``, ``work``) and
    ``guide(model, sharp, floor)``, where ``model_applies(K)``: a cheaper
    likelihood of a deal from the seen plays alone, and draw weights for
    ``Knowledge.deal``. ``FastSolver(buffers)``, where ``fast_applies(g)``: a
    faster exact solver of ``g``'s ending, used as
    :class:`domino.ai.endgame.Solver` (``solve``, ``nodes``, ``UNIT``);
    ``fast_playout(game_cls)`` a function ``playout(solver, g, side, nsides,
    bad, cnt)`` playing a playout on its state (``solver.nodes``: the moves
    made), or None. Used on the class: functions are static."""

    COSTS = None  # the family's Costs (or override costs())
    PRIOR_SCALE = 1  # what Hard's PRIOR (the weight of medium_scores) is multiplied by
    BlockModel = None
    guide = None
    FastSolver = None

    @classmethod
    def costs(cls, K, guided, fast):
        """The Costs of a decision on ``K`` (``guided``: deals drawn guided; ``fast``:
        the FastSolver applies): ``COSTS``."""
        return cls.COSTS

    @staticmethod
    def points(g):
        """Points per side of the ended hand ``g`` that Hard values a playout by."""
        return g.result().points

    @staticmethod
    def work():
        """The policy's work (rollouts, ``medium_scores``) since last asked,
        counted at ``Costs.work``: none."""
        return 0

    @staticmethod
    def model_applies(K):
        """Whether ``BlockModel`` gives deals' likelihood for ``K``: no."""
        return False

    @staticmethod
    def fast_applies(g):
        """Whether ``FastSolver`` can search ``g`` from here: no."""
        return False

    @staticmethod
    def fast_playout(game_cls):
        """The playouts on ``FastSolver``'s state for ``game_cls`` (importing what they
        use), or None: None."""
        return None

    @staticmethod
    def exact_at(K):
        """Tiles left in all hands at or below which, once ``K.closed``, Hard values
        endings exactly; None: Hard's ``EXACT`` / ``EXACT_GENERIC``."""
        return None

    @staticmethod
    def close_applies(K):
        """Whether a decision with no clear leader may go on past Hard's ``COST`` to
        ``COST_CLOSE``: no."""
        return False
