"""Seeed Studio XIAO RP2040 on the Seeed XIAO expansion board (base).

The expansion board has the 128x64 SSD1306 OLED at 0x3C on the XIAO I2C pins
(D4 = SDA, D5 = SCL), its one user button on D1 (to GND) and a passive buzzer
on A3 (= D3). More buttons go from free pins to GND: D0 (Grove A0/D0 socket),
D6 and D7 (Grove UART socket). D2 and D8-D10 belong to the microSD socket.
"""

PROFILE = {
    "name": "Seeed XIAO RP2040 + XIAO expansion board",
    "board_ids": ("seeeduino_xiao_rp2040",),
    "i2c_sda": "SDA",
    "i2c_scl": "SCL",
    "display": "SSD1306",
    "address": 0x3C,
    "width": 128,
    "height": 64,
    "rotation": 0,
    "buttons": (
        ("D0", "LEFT"),
        ("D7", "RIGHT"),
        ("D1", "A"),
        ("D6", "B"),
    ),
    "buzzer": "A3",
}
