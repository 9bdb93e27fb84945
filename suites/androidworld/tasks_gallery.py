"""AndroidWorld's Simple Gallery Pro task: copy a receipt photo from DCIM into Download under the same name.

Stricter than AndroidWorld: the copy must have the original's bytes, the original must stay in DCIM
(a copy, not a move), and nothing else may appear in Download.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.storage import changes, tree
from suites.androidworld.receipts import receipt_jpeg, receipts

DCIM = "/sdcard/DCIM"
DOWNLOAD = "/sdcard/Download"
WORDS = ("amber", "brisk", "calm", "eager", "golden", "quiet", "rapid", "silver", "vivid", "lucky", "noble")


class SaveCopyOfReceiptTaskEval(Task):
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts
    template = "Copy {file_name} in DCIM and save a copy with the same name in Download"
    apps = ("simple gallery pro",)
    difficulty = "hard"
    tags = ("parameterized", "complex_ui_understanding")
    complexity = 1
    optimal_steps = 8

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        name = st.tuples(st.sampled_from(WORDS), st.integers(100, 999)).map(lambda t: f"receipt_{t[0]}_{t[1]}.jpg")
        return st.fixed_dictionaries({"file_name": name, "receipt": receipts(),
                                      "other_photos": st.lists(st.sampled_from(("IMG_0412.jpg", "IMG_0413.jpg",
                                                                                 "PXL_0099.jpg")), unique=True)})

    def setup(self, device: Device) -> None:
        for folder in (DCIM, DOWNLOAD):
            for name in device.list_dir(folder) if device.exists(folder) else []:
                device.remove(posixpath.join(folder, name))
        device.write_file(f"{DCIM}/{self.params['file_name']}", receipt_jpeg(self.params["receipt"]))
        for name in self.params["other_photos"]:
            device.write_file(f"{DCIM}/{name}", receipt_jpeg({**self.params["receipt"], "shop": name}))
        self.before = {"DCIM": tree(device, DCIM), "Download": tree(device, DOWNLOAD)}

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["file_name"]
        download = tree(device, DOWNLOAD)
        dcim = changes(self.before["DCIM"], tree(device, DCIM))
        kept = not (dcim.added or dcim.removed or dcim.modified)
        added = changes(self.before["Download"], download)
        ok = kept and added.added == {name} and not added.removed and not added.modified \
            and download[name] == self.before["DCIM"][name]
        return 1.0 if ok else 0.0

    def describe_state(self, device: Device) -> str:
        return (f"DCIM: {changes(self.before['DCIM'], tree(device, DCIM)).describe()}; "
                f"Download: {changes(self.before['Download'], tree(device, DOWNLOAD)).describe()}")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Simple Gallery Pro")
        yield ui.click(text="DCIM")
        yield ui.long_press(text=self.params["file_name"])
        yield ui.click(desc="More options")
        yield ui.click(text="Copy to")
        # "Select destination" lists only folders holding media: Download is reached through "Other folder"
        yield ui.click(text="Other folder")
        yield from ui.scroll_to(text="Download", container={"rid": "filepicker_list"})
        yield ui.click(text="Download")
        yield ui.click(text="OK")
        yield ui.complete()
