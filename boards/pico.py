"""Raspberry Pi Pico / Pico W / Pico 2 / Pico 2 W + 0.96" SSD1306 I2C OLED + 6 buttons.

The classroom build. OLED on I2C0 (GP4 SDA, GP5 SCL), powered from 3V3(OUT).
Each button joins its GPIO to GND (internal pull-ups, pressed reads low, which
also avoids the RP2350-E9 pull-down erratum on the Pico 2). With only 4 buttons,
wire LEFT, RIGHT, A, B and delete the UP/DOWN lines; with 3, also delete B
(the app then uses a long press of A as back). Optional passive piezo on GP18.
"""

PROFILE = {
    "name": "Raspberry Pi Pico + SSD1306 128x64 I2C",
    "board_ids": (
        "raspberry_pi_pico",
        "raspberry_pi_pico_w",
        "raspberry_pi_pico2",
        "raspberry_pi_pico2_w",
    ),
    "i2c_sda": "GP4",
    "i2c_scl": "GP5",
    "display": "SSD1306",
    "address": 0x3C,
    "width": 128,
    "height": 64,
    "rotation": 0,
    # (pin, action) pairs; key number = position (a tuple keeps the order on MicroPython).
    "buttons": (
        ("GP8", "LEFT"),
        ("GP9", "RIGHT"),
        ("GP6", "UP"),
        ("GP7", "DOWN"),
        ("GP15", "A"),
        ("GP14", "B"),
    ),
    "buzzer": "GP18",
}
