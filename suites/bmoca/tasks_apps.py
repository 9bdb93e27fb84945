"""B-MoCA's app tasks for Calendar, Camera, Files, Messages, Photos, Music and Settings (its v1 task table).

Judged as B-MoCA judges them, by its regexes over the logcat lines printed after setup (B-MoCA's reset
presses HOME and reads logcat from there): ``ActivityTaskManager: START u0 {... cmp=...}`` for opening an
app or a page, ``ActivityManager: Start proc ...`` where B-MoCA waits for a cold process start (setup
force-stops the app, so the start is cold as after B-MoCA's snapshot load), ``AndroidIME: LatinIme.onActivate
... packageName=...`` for a search bar taking the keyboard, ``DirectoryFragment: Showing directory: <uri>`` for a
Files root and ``BugleUsageStatistics: BUGLE CREATE ...`` for a new Messages conversation. Where B-MoCA's table
names one tag and the line is printed under another (``Start proc`` is ActivityManager's, not
ActivityTaskManager's), the check reads the tag that prints it. "Open the setting app"'s regex in the v1 table,
``^(*.?)Start proc...``, is not a valid regex; its task file's ``^(.*?)Start proc(.*?)com.android.settings.Settings``
is used. Step budgets are B-MoCA's (``complexity`` = step limit / 10).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import camera, messages, settings_app
from pytest_mobileagent.android.telephony import INBOX, SENT
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.people import other_contacts
from pytest_mobileagent.validators.contacts import seed_contacts
from pytest_mobileagent.validators.sms import add_sms, clear_sms_and_threads, device_time_ms
from pytest_mobileagent.validators.state import logcat_matches

#: One small file of each kind the Files tasks list, so every category has something in it.
MEDIA_FILES = {"/sdcard/Music/morning_walk.mp3": b"ID3", "/sdcard/Pictures/receipt_0412.png": b"\x89PNG",
               "/sdcard/Movies/holiday_clip.mp4": b"\x00\x00\x00\x18ftypmp42",
               "/sdcard/Download/boarding_pass.pdf": b"%PDF-1.4"}


class _BmocaApp(Task):
    """HOME, the app stopped (so its next start is cold), then logcat from here on; the check is B-MoCA's regex."""

    __abstract__ = True
    difficulty = "easy"
    package = ""
    regex, tag = "", ""

    def setup(self, device: Device) -> None:
        if self.package:
            device.stop_app(self.package)
        self.prepare(device)
        device.press("home")
        device.shell("logcat -c")

    def prepare(self, device: Device) -> None:
        """What the task seeds before logcat starts counting."""

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if logcat_matches(device, self.regex, tag=self.tag) else 0.0


class _OpenApp(_BmocaApp):
    __abstract__ = True
    complexity = 0.4
    optimal_steps = 1
    app_name = ""

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app(self.app_name)
        yield ui.complete()


class CalendarOpenApp(_OpenApp):
    template = "open the calendar app"
    apps = ("aosp calendar",)
    package, app_name = "com.android.calendar", "AOSP Calendar"
    regex, tag = r"^(.*?)START(.*?)com.android.calendar", "ActivityTaskManager"


class CameraOpenApp(_OpenApp):
    template = "open the camera app"
    apps = ("camera",)
    package, app_name = camera.PACKAGE, "Camera"
    regex, tag = r"^(.*?)Start proc(.*?)com.android.camera", "ActivityManager"


class FilesOpenApp(_OpenApp):
    template = "open the file manager app"
    apps = ("files",)
    package, app_name = "com.google.android.documentsui", "Files"
    regex, tag = r"^(.*?)START(.*?)files.FilesActivity", "ActivityTaskManager"


class MessagesOpenApp(_OpenApp):
    template = "open the message app"
    apps = ("messages",)
    package, app_name = messages.PACKAGE, "Messages"
    regex, tag = r"^(.*?)START(.*?)com.google.android.apps.messaging", "ActivityTaskManager"


class PhotosOpenApp(_OpenApp):
    template = "open the photos app"
    apps = ("photos",)
    package, app_name = "com.google.android.apps.photos", "Photos"
    regex, tag = r"^(.*?)START(.*?)com.google.android.apps.photos", "ActivityTaskManager"


class MusicOpenApp(_OpenApp):
    template = "open the play music app"
    apps = ("music",)
    package, app_name = "com.android.music", "Music"
    regex, tag = r"^(.*?)START(.*?)com.android.music", "ActivityTaskManager"


class SettingsOpenApp(_OpenApp):
    template = "open the setting app"
    apps = ("settings",)
    package, app_name = settings_app.PACKAGE, "Settings"
    regex, tag = r"^(.*?)Start proc(.*?)com.android.settings.Settings", "ActivityManager"


class _MessagesTask(_BmocaApp):
    """Contacts and a few SMS threads on the phone, so the list and the recipient picker have content."""

    __abstract__ = True
    apps = ("messages",)
    package = messages.PACKAGE
    complexity = 0.5

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"contacts": other_contacts(1, 4)})

    def prepare(self, device: Device) -> None:
        seed_contacts(device, self.params["contacts"])
        clear_sms_and_threads(device)
        now = device_time_ms(device)
        for i, c in enumerate(self.params["contacts"][:2]):
            add_sms(device, c["phone"], "See you at six?", INBOX, now - (i + 1) * 3_600_000)
            add_sms(device, c["phone"], "Sounds good", SENT, now - (i + 1) * 3_500_000)


class MessagesActivateSearch(_MessagesTask):
    template = "activate the search bar in message"
    optimal_steps = 2
    regex, tag = r"^(.*?)LatinIme.onActivate(.*?)apps.messaging", "AndroidIME"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.click(desc="Search")
        yield ui.complete()


class MessagesStartChat(_MessagesTask):
    """"Start chat", then a recipient: Messages creates the conversation and logs it."""

    template = "start chatting in message"
    optimal_steps = 3
    regex, tag = r"^(.*?)BUGLE CREATE(.*?)DEFAULT", messages.USAGE_TAG

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.click(text="Start chat")
        yield ui.click(rid="contact_name")
        yield ui.complete()


class FilesListCategory(_BmocaApp):
    """"list audio/image/video/download files in file manager": a category root of the Files drawer."""

    template = "list {kind} files in file manager"
    apps = ("files",)
    package = "com.google.android.documentsui"
    complexity = 0.5
    optimal_steps = 3
    tag = "DirectoryFragment"
    REGEXES = {"audio": r"^(.*?)Showing directory(.*?)audio(.*?)root", "image": r"^(.*?)Showing directory(.*?)images",
               "video": r"^(.*?)Showing directory(.*?)videos", "download": r"^(.*?)Showing directory(.*?)download"}
    ROOTS = {"audio": "Audio", "image": "Images", "video": "Videos", "download": "Downloads"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"kind": st.sampled_from(sorted(cls.REGEXES))})

    @property
    def regex(self) -> str:  # type: ignore[override]
        return self.REGEXES[self.params["kind"]]

    def prepare(self, device: Device) -> None:
        for path, data in MEDIA_FILES.items():
            device.write_file(path, data)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Files")
        yield ui.click(desc="Show roots")
        yield ui.click(text=self.ROOTS[self.params["kind"]])
        yield ui.complete()


class PhotosGoToTrash(_BmocaApp):
    template = "go to trash page in photo"
    apps = ("photos",)
    package = "com.google.android.apps.photos"
    complexity = 0.5
    optimal_steps = 3
    regex, tag = r"^(.*?)START(.*?)apps.photos(.*?)TrashPhotosActivity", "ActivityTaskManager"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(desc="Library")
        yield ui.click(text="Trash")
        yield ui.complete()
