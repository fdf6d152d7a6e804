"""Template: copy to boards/<yourboard>.py, then edit the values (data only).

Fields:
  name       text shown in errors and by tools/deploy.py
  board_ids  board.board_id values this profile is picked for (() = only by name,
             with POCKET_DOMINO_BOARD = "<yourboard>" in settings.toml)
  i2c_sda, i2c_scl   board pin names (dir(board)) of the display's I2C bus
  display    "SSD1306" (the only driver so far)
  address    0x3C or 0x3D (printed on the module's back, often as 0x78/0x7A)
  width, height      128, 64 (or 128, 32)
  rotation   0, 90, 180 or 270
  buttons    3 to 6 (pin, action) pairs, each pin wired to GND; actions from
             LEFT, RIGHT, UP, DOWN, A, B; LEFT, RIGHT and A are required
  buzzer     pin name of a passive piezo (PWM), or None
"""

PROFILE = {
    "name": "My board + SSD1306",
    "board_ids": (),
    "i2c_sda": "SDA",
    "i2c_scl": "SCL",
    "display": "SSD1306",
    "address": 0x3C,
    "width": 128,
    "height": 64,
    "rotation": 0,
    "buttons": (
        ("D0", "LEFT"),
        ("D1", "RIGHT"),
        ("D2", "A"),
    ),
    "buzzer": None,
}
