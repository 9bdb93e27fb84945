"""B-MoCA's app tasks for Calendar, Camera, Files, Messages, Photos, Music and Settings (its v1 task table).

"Open the X app" is judged on the app in front (:class:`~suites.bmoca.app_tasks.OpenAppTask`); its START and
``Start proc`` lines, which B-MoCA's regexes read, are printed as on a phone (``Start proc`` in full, so "open the
setting app"'s ``com.android.settings.Settings`` matches; the v1 table's ``^(*.?)Start proc...`` is not a valid
regex, its task file's ``^(.*?)Start proc...`` is). The page and event rows are judged as B-MoCA judges them, by
its regexes over the lines printed after setup: ``AndroidIME: LatinIme.onActivate ... packageName=...`` for a
search bar taking the keyboard, ``DirectoryFragment: Showing directory: <uri>`` for a Files root,
``BugleUsageStatistics: BUGLE CREATE ...`` for a new Messages conversation and ``ActivityTaskManager: START``
for Photos' Trash. Step budgets are B-MoCA's (``complexity`` = step limit / 10).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import aosp_calendar, camera, documentsui, messages, music, photos, settings_app
from pytest_mobileagent.android.telephony import INBOX, SENT
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.people import other_contacts
from pytest_mobileagent.validators.contacts import seed_contacts
from pytest_mobileagent.validators.sms import add_sms, clear_sms_and_threads, device_time_ms
from suites.bmoca.app_tasks import AppTask, OpenAppTask

#: One small file of each kind the Files tasks list, so every category has something in it.
MEDIA_FILES = {"/sdcard/Music/morning_walk.mp3": b"ID3", "/sdcard/Pictures/receipt_0412.png": b"\x89PNG",
               "/sdcard/Movies/holiday_clip.mp4": b"\x00\x00\x00\x18ftypmp42",
               "/sdcard/Download/boarding_pass.pdf": b"%PDF-1.4"}


class CalendarOpenApp(OpenAppTask):
    template = "open the calendar app"
    apps = ("aosp calendar",)
    package, app_name = aosp_calendar.PACKAGE, "AOSP Calendar"


class CameraOpenApp(OpenAppTask):
    template = "open the camera app"
    apps = ("camera",)
    package, app_name = camera.PACKAGE, "Camera"


class FilesOpenApp(OpenAppTask):
    template = "open the file manager app"
    apps = ("files",)
    package, app_name = documentsui.PACKAGE, "Files"


class MessagesOpenApp(OpenAppTask):
    template = "open the message app"
    apps = ("messages",)
    package, app_name = messages.PACKAGE, "Messages"


class PhotosOpenApp(OpenAppTask):
    template = "open the photos app"
    apps = ("photos",)
    package, app_name = photos.PACKAGE, "Photos"


class MusicOpenApp(OpenAppTask):
    template = "open the play music app"
    apps = ("music",)
    package, app_name = music.PACKAGE, "Music"


class SettingsOpenApp(OpenAppTask):
    template = "open the setting app"
    apps = ("settings",)
    package, app_name = settings_app.PACKAGE, "Settings"


class _MessagesTask(AppTask):
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


class FilesListCategory(AppTask):
    """"list audio/image/video/download files in file manager": a category root of the Files drawer."""

    template = "list {kind} files in file manager"
    published = ({"kind": "audio"}, {"kind": "image"}, {"kind": "video"}, {"kind": "download"})
    apps = ("files",)
    package = documentsui.PACKAGE
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


class PhotosGoToTrash(AppTask):
    template = "go to trash page in photo"
    apps = ("photos",)
    package = photos.PACKAGE
    complexity = 0.5
    optimal_steps = 3
    regex, tag = r"^(.*?)START(.*?)apps.photos(.*?)TrashPhotosActivity", "ActivityTaskManager"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(desc="Library")
        yield ui.click(text="Trash")
        yield ui.complete()
