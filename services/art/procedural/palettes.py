"""Colour: small helpers and the light of each time of day and weather.

Light is applied to colours while drawing (not as a filter afterwards) because
it is free there, and because a night sky should be painted dark blue rather
than a day sky darkened into mud.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

INK: RGB = (22, 18, 24)
WHITE: RGB = (255, 255, 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` towards `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def shade(c: RGB, t: float = 0.28) -> RGB:
    """The cel-shadow tone of a colour: darker and a little cooler, as ink artists do."""
    return mix(c, (40, 30, 70), t)


def lighten(c: RGB, t: float = 0.35) -> RGB:
    return mix(c, WHITE, t)


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


# (zenith, horizon, sun or moon colour) for each time of day.
SKIES: dict[str, tuple[RGB, RGB, RGB]] = {
    "dawn": ((120, 150, 215), (255, 196, 180), (255, 236, 190)),
    "day": ((70, 150, 235), (190, 228, 250), (255, 240, 150)),
    "sunset": ((95, 70, 150), (255, 150, 70), (255, 110, 50)),
    "night": ((10, 16, 48), (44, 58, 112), (250, 246, 215)),
}

# Multiplicative light per time of day (r, g, b) and how strongly it applies.
TIME_LIGHT: dict[str, tuple[tuple[float, float, float], float]] = {
    "dawn": ((1.0, 0.9, 0.92), 1.0),
    "day": ((1.0, 1.0, 1.0), 0.0),
    "sunset": ((1.0, 0.78, 0.62), 1.0),
    "night": ((0.38, 0.45, 0.72), 1.0),
}

WEATHER_LIGHT: dict[str, tuple[float, float, float]] = {
    "clear": (1.0, 1.0, 1.0),
    "wind": (1.0, 1.0, 1.0),
    "rain": (0.72, 0.76, 0.84),
    "snow": (0.95, 0.97, 1.04),
    "fog": (0.92, 0.94, 0.97),
}


@dataclass(frozen=True)
class Light:
    """The light of one panel: sky colours and a function to light any colour."""

    time: str
    weather: str
    sky_top: RGB
    sky_bottom: RGB
    sun: RGB
    factor: tuple[float, float, float]
    haze_colour: RGB
    haze_strength: float

    def __call__(self, c: RGB, depth: float = 0.0, strength: float = 1.0) -> RGB:
        """Light a colour; `depth` 0 (near) .. 1 (far) adds aerial haze."""
        f = self.factor
        lit = (c[0] * (1 + (f[0] - 1) * strength), c[1] * (1 + (f[1] - 1) * strength), c[2] * (1 + (f[2] - 1) * strength))
        out = (min(255, round(lit[0])), min(255, round(lit[1])), min(255, round(lit[2])))
        if depth > 0:
            out = mix(out, self.haze_colour, min(0.92, depth * self.haze_strength))
        return out

    @property
    def dark(self) -> bool:
        return self.time == "night"


def light_for(time: str, weather: str) -> Light:
    top, bottom, sun = SKIES.get(time, SKIES["day"])
    (fr, fg, fb), amount = TIME_LIGHT.get(time, TIME_LIGHT["day"])
    wr, wg, wb = WEATHER_LIGHT.get(weather, (1.0, 1.0, 1.0))
    factor = ((1 + (fr - 1) * amount) * wr, (1 + (fg - 1) * amount) * wg, (1 + (fb - 1) * amount) * wb)
    haze, strength = bottom, 0.55
    if weather == "rain":
        top, bottom = mix(top, (70, 78, 92), 0.7), mix(bottom, (120, 128, 140), 0.7)
        haze, strength = bottom, 0.6
    elif weather == "snow":
        top, bottom = mix(top, (170, 180, 200), 0.6), mix(bottom, (230, 235, 245), 0.6)
        haze, strength = bottom, 0.65
    elif weather == "fog":
        fog = (196, 200, 210) if time != "night" else (80, 88, 110)
        top, bottom = mix(top, fog, 0.6), mix(bottom, fog, 0.8)
        haze, strength = fog, 1.25
    return Light(time=time, weather=weather, sky_top=top, sky_bottom=bottom, sun=sun,
                 factor=factor, haze_colour=haze, haze_strength=strength)
