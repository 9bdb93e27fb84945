"""A set-of-mark screenshot: the screen with every action target's bounds boxed and numbered by its action index
(:attr:`~pytest_mobileagent.observe.elements.Observation.targets`), for multimodal agents that answer with an
index."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from pytest_mobileagent.observe.elements import Observation


def set_of_mark(obs: Observation) -> bytes:
    """The screenshot with each action target's bounds boxed and numbered by its action index."""
    image = Image.open(io.BytesIO(obs.screenshot)).convert("RGB")
    pen = ImageDraw.Draw(image)
    for i, el in enumerate(obs.targets):
        x1, y1, x2, y2 = el.bounds
        pen.rectangle((x1, y1, x2, y2), outline=(255, 0, 0), width=3)
        pen.rectangle((x1, y1, x1 + 34, y1 + 26), fill=(255, 0, 0))
        pen.text((x1 + 4, y1 + 4), str(i), fill=(255, 255, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


__all__ = ["set_of_mark"]
