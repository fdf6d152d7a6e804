"""Board profiles: one module per build, each a single PROFILE dict of data (no logic).

Checked by firmware/profiles.py and used by firmware/hardware.py; chosen by POCKET_DOMINO_BOARD in
settings.toml or by matching board.board_id against each profile's board_ids.
"""
