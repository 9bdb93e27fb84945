"""AndroidWorld's Simple Draw Pro task: draw, and save the drawing under a name in Pictures.

AndroidWorld checks only that the file exists; here it must also be an image of the format its
extension names (a PNG, a JPEG, or an SVG document) with a stroke on it (a blank canvas is not a
drawing), and the other pictures must stay.
"""

from __future__ import annotations

import io
import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st
from lxml import etree
from PIL import Image, UnidentifiedImageError

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.storage import changes, tree

PICTURES = "/sdcard/Pictures"
WORDS = ("sketch", "doodle", "draft", "study", "outline", "concept", "mockup", "scribble")
ADJECTIVES = ("amber", "brisk", "calm", "eager", "golden", "quiet", "rapid", "silver", "vivid")
#: Grey levels between the lightest and darkest pixel that tell a stroke from JPEG noise on a blank canvas.
INK_CONTRAST = 48
NOUNS = ("anchor", "canyon", "falcon", "harbor", "lantern", "meadow", "orchid", "river", "willow")


def has_ink(data: bytes, extension: str) -> bool:
    """Whether ``data`` is an image of the format ``extension`` names with something drawn on it: an SVG with
    a stroked shape, or a PNG or JPEG whose pixels are not all one shade."""
    if extension == ".svg":
        try:
            root = etree.fromstring(data)
        except etree.XMLSyntaxError:
            return False
        shapes = ("path", "line", "polyline", "polygon", "circle", "ellipse")
        return root.tag.endswith("svg") and any(
            isinstance(el.tag, str) and etree.QName(el).localname in shapes for el in root.iter())
    try:
        image = Image.open(io.BytesIO(data))
        fmt = image.format
        low, high = image.convert("L").getextrema()
    except (UnidentifiedImageError, OSError):
        return False
    return fmt == {".png": "PNG", ".jpg": "JPEG"}.get(extension) and high - low > INK_CONTRAST


class SimpleDrawProCreateDrawing(Task):
    """A new drawing saved as Pictures/<file_name>; nothing else in Pictures changes."""
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts

    template = ("Create a new drawing in Simple Draw Pro. Name it {file_name}. Save it in the Pictures folder "
                "within the sdk_gphone_x86_64 storage area.")
    apps = ("simple draw pro",)
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    complexity = 1
    optimal_steps = 9

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        name = st.tuples(st.sampled_from(WORDS), st.sampled_from(ADJECTIVES), st.sampled_from(NOUNS),
                         st.sampled_from((".png", ".svg", ".jpg"))).map(lambda t: f"{t[0]}_{t[1]}_{t[2]}{t[3]}")
        others = st.lists(st.sampled_from(("sunset.jpg", "family.png", "receipt_0923.jpg", "whiteboard.png")),
                          max_size=3, unique=True)
        return st.fixed_dictionaries({"file_name": name, "pictures": others})

    def setup(self, device: Device) -> None:
        for name in device.list_dir(PICTURES) if device.exists(PICTURES) else []:
            device.remove(posixpath.join(PICTURES, name))
        for name in self.params["pictures"]:
            device.write_file(posixpath.join(PICTURES, name), f"earlier picture {name}".encode())
        self.before = tree(device, PICTURES)

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["file_name"]
        diff = changes(self.before, tree(device, PICTURES))
        if diff.added != {name} or diff.removed or diff.modified:
            return 0.0
        return 1.0 if has_ink(device.read_file(posixpath.join(PICTURES, name)), posixpath.splitext(name)[1]) \
            else 0.0

    def describe_state(self, device: Device) -> str:
        return f"Pictures changes: {changes(self.before, tree(device, PICTURES)).describe()}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        stem, ext = posixpath.splitext(self.params["file_name"])
        yield ui.open_app("Simple Draw Pro")
        yield ui.swipe(200, 900, 900, 900)
        yield ui.click(desc="Save")
        yield ui.type(stem, clear=True, rid="save_image_filename")
        # the dialog saves to "Internal/Simple Draw" until told otherwise: the path field opens the folder picker
        yield ui.click(rid="folder_value")
        yield from ui.scroll_to(text="Pictures", container={"rid": "filepicker_list"})
        yield ui.click(text="Pictures")
        yield ui.click(text="OK")
        if not ui.exists(rid=f"save_image_radio_{ext[1:]}", checked=True):  # PNG is preselected
            yield ui.click(rid=f"save_image_radio_{ext[1:]}")
        yield ui.click(text="OK")
        yield ui.complete()
