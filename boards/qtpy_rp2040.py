"""Adafruit QT Py RP2040 + STEMMA QT 128x64 SSD1306 OLED (e.g. Adafruit 326/938).

The OLED plugs into the STEMMA QT socket, which is the second I2C bus
(board.SDA1 / board.SCL1 = GPIO22/23, what board.STEMMA_I2C() uses). Adafruit's
STEMMA QT 128x64 modules answer at 0x3D (0x3C if the address jumper is cut or
for many generic modules). Buttons from A0-A3 to GND; optional piezo on TX.
"""

PROFILE = {
    "name": "Adafruit QT Py RP2040 + STEMMA QT SSD1306",
    "board_ids": ("adafruit_qtpy_rp2040",),
    "i2c_sda": "SDA1",
    "i2c_scl": "SCL1",
    "display": "SSD1306",
    "address": 0x3D,
    "width": 128,
    "height": 64,
    "rotation": 0,
    "buttons": (
        ("A0", "LEFT"),
        ("A1", "RIGHT"),
        ("A2", "A"),
        ("A3", "B"),
    ),
    "buzzer": None,
}
