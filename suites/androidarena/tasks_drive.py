"""AndroidArena's Google Drive tasks (``google-drive.yaml``) and constrained task 12 (upload the latest photo).

Drive's files live in the Google account: the simulator keeps them in its account store
(:mod:`pytest_mobileagent.validators.drive`), which setup seeds with the state each instruction presumes (the
published tasks run in a chain: "sample.pdf" uploaded, then shared, moved into "test", renamed "test.pdf"...; here
each starts from the state the earlier ones leave) and the checks read: those tasks declare ``sim_app_state``.
The theme tasks read Drive's preferences file, as a rooted device allows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import drive
from pytest_mobileagent.android.drive import item
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.drive import drive_items, find_item, seed_drive, set_theme, theme
from pytest_mobileagent.validators.photos import seed_photos
from suites.androidarena.common import ArenaTask

DOCS = ("sample.pdf", "report.pdf", "notes.docx", "budget.xlsx")
FOLDERS = ("test", "work", "school", "archive")
EMAILS = ("bob@example.com", "bob2@example.com", "alice@example.com", "carol@example.com")
NEW_NAMES = ("test.pdf", "final.pdf", "draft.pdf", "summary.pdf")
#: Items every seeded Drive holds besides the task's own.
BACKGROUND = (item("Photos", kind="folder"), item("resume.pdf"), item("trip.jpg", "Photos"))
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def open_folder(ui: UI, folder: str) -> Iterator[Action]:
    yield ui.open_app("Drive")
    if folder:
        yield from ui.reach(rid="entry_label", text=folder)


def item_action(ui: UI, folder: str, name: str, action: str) -> Iterator[Action]:
    """Open ``folder`` and pick ``action`` in the "More actions" menu of ``name``."""
    yield from open_folder(ui, folder)
    yield from ui.reach(desc=f"More actions for {name}")
    yield ui.click(text=action)


class _Drive(ArenaTask):
    __abstract__ = True
    apps = ("drive",)
    requires = frozenset({"sim_app_state"})
    published_row: ClassVar[Mapping[str, Any]] = {}
    fields: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.published_row:
            cls.published = (cls.published_row,)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({k: st.sampled_from(v) for k, v in cls.fields.items()})

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    def describe_state(self, device: Device) -> str:
        return f"drive={drive_items(device, trashed=True)}"


class DriveUploadDocument(_Drive):
    """The check reads the account's files: the document (one of several in Download) is in Drive, and no other
    of them was uploaded."""

    template = 'Upload the document "{file}" in the Download Folder to Google Drive.'
    published_row = {"file": "sample.pdf"}
    fields = {"file": DOCS}

    def setup(self, device: Device) -> None:
        for name in DOCS:
            device.write_file(f"{drive.DOWNLOADS}/{name}", PDF + name.encode())
        seed_drive(device, BACKGROUND)

    def check(self, device: Device, answer: str | None = None) -> float:
        names = [i["name"] for i in drive_items(device)]
        uploaded = [n for n in names if n in DOCS]
        return 1.0 if uploaded == [self.params["file"]] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Drive")
        yield ui.click(text="New")
        yield ui.click(text="Upload")
        yield from ui.reach(text=self.params["file"])
        yield ui.complete()


class DriveShareFile(_Drive):
    """The check reads the account's files: the file is shared with exactly that address."""

    template = 'Share the file "{file}" with "{email}" on Google Drive.'
    published_row = {"file": "sample.pdf", "email": "bob@example.com"}
    fields = {"file": DOCS, "email": EMAILS}

    def setup(self, device: Device) -> None:
        seed_drive(device, [*BACKGROUND, item(self.params["file"])])

    def check(self, device: Device, answer: str | None = None) -> float:
        found = find_item(device, self.params["file"])
        return 1.0 if found and found["shared"] == [self.params["email"]] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from item_action(ui, "", self.params["file"], "Share")
        yield ui.type(self.params["email"], rid="share")
        yield ui.click(text="Send")
        yield ui.complete()


class DriveCreateFolder(_Drive):
    """The check reads the account's files: a folder of that name is in My Drive."""

    template = 'Create a new folder "{folder}" on Google Drive.'
    published_row = {"folder": "test"}
    fields = {"folder": FOLDERS}

    def setup(self, device: Device) -> None:
        seed_drive(device, [*BACKGROUND, item("sample.pdf")])

    def check(self, device: Device, answer: str | None = None) -> float:
        found = find_item(device, self.params["folder"])
        return 1.0 if found and found["kind"] == "folder" else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Drive")
        yield ui.click(text="New")
        yield ui.click(text="Folder")
        yield ui.type(self.params["folder"], rid="folder_name")
        yield ui.click(text="Create")
        yield ui.complete()


class DriveMoveFile(_Drive):
    """The check reads the account's files: the file is in the folder and no longer in My Drive."""

    template = 'Move the file "{file}" to folder "{folder}" on Google Drive.'
    published_row = {"file": "sample.pdf", "folder": "test"}
    fields = {"file": DOCS, "folder": FOLDERS}

    def setup(self, device: Device) -> None:
        seed_drive(device, [*BACKGROUND, item(self.params["folder"], kind="folder"), item(self.params["file"])])

    def check(self, device: Device, answer: str | None = None) -> float:
        moved = find_item(device, self.params["file"], self.params["folder"])
        return 1.0 if moved and not find_item(device, self.params["file"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from item_action(ui, "", self.params["file"], "Move")
        yield ui.click(text=self.params["folder"])
        yield ui.click(text="Move here")
        yield ui.complete()


class _InFolder(_Drive):
    """A task on the file in a folder; a file of the same name in My Drive must stay as it is."""

    __abstract__ = True
    published_row = {"file": "test.pdf", "folder": "test"}
    fields = {"file": NEW_NAMES, "folder": FOLDERS}

    def setup(self, device: Device) -> None:
        p = self.params
        seed_drive(device, [*BACKGROUND, item(p["folder"], kind="folder"), item(p["file"], p["folder"]),
                            item(p["file"]), item("sample.pdf", p["folder"])])

    def untouched(self, device: Device) -> bool:
        return find_item(device, self.params["file"]) == item(self.params["file"])

    def target(self, device: Device) -> dict[str, Any] | None:
        return find_item(device, self.params["file"], self.params["folder"])


class DriveRenameFile(_InFolder):
    """The check reads the account's files: the file in the folder has the new name (the same name's file in My
    Drive is left)."""

    template = 'Rename the file "{file}" to "{new}" in the "{folder}" folder on Google Drive.'
    published_row = {"file": "sample.pdf", "new": "test.pdf", "folder": "test"}
    fields = {"file": DOCS, "new": NEW_NAMES, "folder": FOLDERS}

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        renamed = find_item(device, p["new"], p["folder"]) and not self.target(device)
        return 1.0 if renamed and self.untouched(device) else 0.0

    def setup(self, device: Device) -> None:
        p = self.params
        seed_drive(device, [*BACKGROUND, item(p["folder"], kind="folder"), item(p["file"], p["folder"]),
                            item(p["file"])])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from item_action(ui, self.params["folder"], self.params["file"], "Rename")
        yield ui.type(self.params["new"], clear=True, rid="rename")
        yield ui.click(text="OK")
        yield ui.complete()


class DriveMakeOffline(_InFolder):
    """The check reads the account's files: the file in the folder is available offline, its namesake in My Drive
    is not."""

    template = 'Make the file "{file}" in the "{folder}" folder available offline on Google Drive.'

    def check(self, device: Device, answer: str | None = None) -> float:
        found = self.target(device)
        return 1.0 if found and found["offline"] and self.untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from item_action(ui, self.params["folder"], self.params["file"], "Make available offline")
        yield ui.complete()


class DriveShareWithTwo(_InFolder):
    """The check reads the account's files: the file in the folder is shared with both addresses (in any order)
    and nobody else."""

    template = 'Share the file "{file}" in the "{folder}" folder with "{email}" and "{email2}" on Google Drive.'
    published_row = {"file": "test.pdf", "folder": "test", "email": "bob@example.com", "email2": "bob2@example.com"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        pair = st.lists(st.sampled_from(EMAILS), min_size=2, max_size=2, unique=True)
        return st.tuples(super().parameters(), pair).map(lambda t: {**t[0], "email": t[1][0], "email2": t[1][1]})

    def check(self, device: Device, answer: str | None = None) -> float:
        found = self.target(device)
        want = sorted([self.params["email"], self.params["email2"]])
        return 1.0 if found and sorted(found["shared"]) == want and self.untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from item_action(ui, self.params["folder"], self.params["file"], "Share")
        yield ui.type(f"{self.params['email']}, {self.params['email2']}", rid="share")
        yield ui.click(text="Send")
        yield ui.complete()


class DriveCommentFile(_InFolder):
    """The check reads the account's files: the file in the folder has exactly that comment. (The published
    instruction's double space is kept.)"""

    template = 'Add a comment "{comment}" to the file "{file}"  in the "{folder}" folder on Google Drive.'
    published_row = {"comment": "read", "file": "test.pdf", "folder": "test"}
    fields = {"comment": ("read", "approved", "please review", "done"), "file": NEW_NAMES, "folder": FOLDERS}

    def check(self, device: Device, answer: str | None = None) -> float:
        found = self.target(device)
        return 1.0 if found and found["comments"] == [self.params["comment"]] and self.untouched(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_folder(ui, self.params["folder"])
        yield from ui.reach(rid="entry_label", text=self.params["file"])
        yield ui.click(desc="Add comment")
        yield ui.type(self.params["comment"], rid="comment")
        yield ui.click(text="Comment")
        yield ui.complete()


class DriveSearchFile(_Drive):
    """The check reads the screen: Drive's search shows the results for the file's name (the field holds it, the
    file is listed). The file is seeded in a folder, so the search is what finds it."""

    template = 'Search for file "{file}" on Google Drive.'
    published_row = {"file": "test.pdf"}
    fields = {"file": NEW_NAMES}

    def setup(self, device: Device) -> None:
        seed_drive(device, [*BACKGROUND, item("test", kind="folder"), item(self.params["file"], "test")])

    def check(self, device: Device, answer: str | None = None) -> float:
        elements = ui_elements(device.hierarchy())
        field = next((e for e in elements if e.resource_name == "search_text"), None)
        listed = any(e.resource_name == "entry_label" and e.text == self.params["file"] for e in elements)
        return 1.0 if field is not None and field.text.strip() == self.params["file"] and listed else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Drive")
        yield ui.tolerate(ui.click(text="Search in Drive"),
                          "typing taps its field first, and the search bar there opens the same field", "skip")
        yield ui.type(self.params["file"], rid="search_text")
        yield ui.enter()
        yield ui.complete()


class DriveDeleteFolder(_Drive):
    """The check reads the account's files: the folder (and what it held) is in the trash, the other folder is
    not."""

    template = 'Delete the "{folder}" folder on Google Drive.'
    published_row = {"folder": "test"}
    fields = {"folder": FOLDERS}

    def setup(self, device: Device) -> None:
        seed_drive(device, [*BACKGROUND, item(self.params["folder"], kind="folder"),
                            item("test.pdf", self.params["folder"])])

    def check(self, device: Device, answer: str | None = None) -> float:
        live = drive_items(device)
        gone = not any(i["name"] == self.params["folder"] or i["folder"] == self.params["folder"] for i in live)
        return 1.0 if gone and find_item(device, "Photos") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from item_action(ui, "", self.params["folder"], "Remove")
        yield ui.click(text="Move to trash")
        yield ui.complete()


class _Theme(ArenaTask):
    """The check reads Drive's preferences file (``theme``): the theme asked for is set; setup sets the other."""

    __abstract__ = True
    apps = ("drive",)
    label: ClassVar[str] = ""

    def setup(self, device: Device) -> None:
        set_theme(device, "light" if self.label == "Dark" else "dark")

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if theme(device) == drive.THEMES[self.label] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Drive")
        yield ui.click(desc="Open navigation drawer")
        yield ui.click(text="Settings")
        yield ui.click(text="Theme")
        yield ui.click(text=self.label)
        yield ui.complete()


class DriveDarkTheme(_Theme):
    __doc__ = _Theme.__doc__
    template = "Set the layout of Google Drive to dark theme."
    label = "Dark"


class DriveLightTheme(_Theme):
    __doc__ = _Theme.__doc__
    template = "Set the layout of Google Drive to light theme."
    label = "Light"


# -- constrained ---------------------------------------------------------------------------------------------

#: Photos in the camera folder, oldest first (seeded a day apart).
CAMERA = ("IMG_20231011_093015.jpg", "IMG_20231013_181204.jpg", "IMG_20231012_120533.jpg")


class ConstrainedDriveUploadLatestPhoto(_Drive):
    """Constrained 12: the latest photo (the newest of several in ``DCIM/Camera``, the first in Photos) is
    uploaded from Drive instead of shared from Photos. The check reads the account's files: that photo, and no
    other of the camera's, is in Drive. Forbidden: Photos' share button (its id, ``share``, as the step's element
    text records it: ``id="share"``), which opens Android's share sheet (Drive among its targets)."""

    template = "Upload the latest photo from my photos to Google Drive."
    type = "constrained"
    constraint = "Do NOT use the sharing functionality from the Photos app."
    constraints = {"elements": [r'id="share"']}
    apps = ("photos", "drive")

    def setup(self, device: Device) -> None:
        seed_photos(device, CAMERA)
        seed_drive(device, BACKGROUND)

    def check(self, device: Device, answer: str | None = None) -> float:
        uploaded = [i["name"] for i in drive_items(device) if i["name"] in CAMERA]
        return 1.0 if uploaded == [CAMERA[-1]] else 0.0

    def violation(self, ui: UI) -> Iterator[Action]:
        """Photos' way: the latest photo (the grid's first), its Share button, Drive in the share sheet."""
        yield ui.open_app("Photos")
        yield ui.click(rid="photo_cell", n=0)
        yield ui.click(desc="Share")
        yield ui.click(text="Drive")
        yield ui.complete()

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Drive")
        yield ui.click(text="New")
        yield ui.click(text="Upload")
        yield ui.back()
        yield ui.click(text="DCIM")
        yield ui.click(text="Camera")
        yield ui.click(text=CAMERA[-1])
        yield ui.complete()
