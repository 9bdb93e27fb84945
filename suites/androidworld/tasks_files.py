"""AndroidWorld's Files tasks: delete a file, move a file, in shared storage through the Files app.

As in AndroidWorld, setup empties the standard storage folders, then writes the
task's file among "noise" files of the same kind. Stricter than AndroidWorld, the
checks compare the whole storage tree with how setup left it: only the named file
may go (or move, with its content intact); every other file must come through.
"""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.storage import changes, tree

STORAGE = "/sdcard"
#: The storage root's name in the Files app on AndroidWorld's emulator image.
STORAGE_LABEL = "sdk_gphone_x86_64"
#: The standard shared-storage folders, with the kind of file each usually holds.
FOLDERS: dict[str, str] = {
    "Alarms": ".mp3", "Audiobooks": ".mp3", "DCIM": ".jpg", "Documents": ".pdf", "Download": ".zip",
    "Movies": ".mp4", "Music": ".mp3", "Notifications": ".ogg", "Pictures": ".jpg", "Podcasts": ".mp3",
    "Recordings": ".m4a", "Ringtones": ".ogg",
}
#: Stems people give such files, by folder.
STEMS: dict[str, tuple[str, ...]] = {
    "Alarms": ("gentle_rise", "rooster_call", "school_days", "sunrise_chime", "monday_beeper", "soft_bells"),
    "Audiobooks": ("the_long_voyage_ch01", "history_of_rome_part2", "mindful_habits", "deep_space_saga",
                   "the_quiet_garden", "lost_city_ch07"),
    "DCIM": ("IMG_20231002_181512", "IMG_20230914_093045", "PXL_20230821_120133", "IMG_20231011_071958",
             "PXL_20230905_164420", "IMG_20230730_201107"),
    "Documents": ("tax_return_2022", "lease_agreement", "conference_badge", "insurance_policy", "thesis_draft_v3",
                  "passport_scan"),
    "Download": ("holiday_photos_backup", "project_assets", "firmware_update", "course_materials",
                 "wallpapers_pack", "invoices_q3"),
    "Movies": ("beach_trip_2023", "graduation_speech", "drone_flyover", "birthday_surprise", "cooking_class",
               "marathon_finish"),
    "Music": ("summer_mixtape", "piano_etude_no3", "road_trip_anthems", "lofi_study_beats", "acoustic_covers",
              "jazz_night_live"),
    "Notifications": ("pop_bubble", "glass_ping", "soft_knock", "bright_chirp", "wood_tap", "twinkle"),
    "Pictures": ("screenshot_boarding_pass", "family_portrait", "garden_tulips", "city_skyline", "recipe_card",
                 "receipt_hardware_store"),
    "Podcasts": ("tech_weekly_ep112", "history_hour_ep45", "startup_stories_ep08", "science_friday_ep230",
                 "daily_briefing_oct13", "book_club_ep19"),
    "Recordings": ("lecture_biology_week6", "meeting_budget_review", "voice_memo_ideas", "interview_candidate_b",
                   "band_rehearsal", "grocery_list_memo"),
    "Ringtones": ("retro_phone", "ocean_waves", "marimba_remix", "classic_bell", "synth_pulse", "birdsong"),
}
ADJECTIVES = ("amber", "brisk", "calm", "dusty", "eager", "fuzzy", "golden", "hidden", "ivory", "jolly", "lucky",
              "mellow", "noble", "quiet", "rapid", "silver", "tidy", "vivid")
NOUNS = ("anchor", "beacon", "canyon", "dune", "ember", "falcon", "glacier", "harbor", "island", "lantern", "meadow",
         "orchid", "pebble", "river", "summit", "thistle", "willow")


def content_of(path: str) -> bytes:
    """A file's bytes: distinct per path, so a file that lost or swapped its content is noticed."""
    return hashlib.sha256(path.encode()).digest() * 8


def noise_files(folder: str) -> st.SearchStrategy[list[str]]:
    ext = FOLDERS[folder]
    return st.lists(st.sampled_from(STEMS[folder]), min_size=2, max_size=5, unique=True).map(
        lambda stems: [s + ext for s in stems])


def seed_storage(device: Device, files: list[str]) -> None:
    """Empty the standard folders (as AndroidWorld's ``clear_device_storage``), then write ``files``."""
    for folder in FOLDERS:
        path = posixpath.join(STORAGE, folder)
        if device.exists(path):
            for name in device.list_dir(path):
                device.remove(posixpath.join(path, name))
    for rel in files:
        device.write_file(posixpath.join(STORAGE, rel), content_of(rel))


def open_storage_folder(ui: UI, folder: str) -> Iterator[Action]:
    """From anywhere in the Files app (or its picker): the roots drawer, the storage root, then ``folder``."""
    yield ui.tolerate(ui.click(desc="Show roots"), "Files opens on Recent, which lists recent files too: a file can "
                      "be reached there without the drawer", "skip")
    yield ui.click(text=STORAGE_LABEL)
    yield from ui.scroll_to(text=folder)
    yield ui.click(text=folder)


class _FilesTask(Task):
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts (noise_candidates: its pool)
    __abstract__ = True
    apps = ("files",)

    def remember(self, device: Device) -> None:
        self.before = tree(device, STORAGE)

    def describe_state(self, device: Device) -> str:
        return f"storage changes since setup: {changes(self.before, tree(device, STORAGE)).describe()}"


class FilesDeleteFile(_FilesTask):
    """Delete one file; the other files of its folder (same kind, similar names) and elsewhere stay."""

    template = ("Delete the file {file_name} from the Android filesystem located in the {subfolder} folder "
                "within the sdk_gphone_x86_64 storage area.")
    difficulty = "medium"
    tags = ("data_edit", "parameterized")
    complexity = 2.2
    optimal_steps = 4

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            folder = d(st.sampled_from(sorted(FOLDERS)))
            name = f"{d(st.sampled_from(ADJECTIVES))}_{d(st.sampled_from(NOUNS))}{FOLDERS[folder]}"
            other = d(st.sampled_from(sorted(set(FOLDERS) - {folder})))
            return {"file_name": name, "subfolder": folder, "noise": d(noise_files(folder)),
                    "other_folder": other, "other_noise": d(noise_files(other))}
        return draw()

    def setup(self, device: Device) -> None:
        p = self.params
        seed_storage(device, [f"{p['subfolder']}/{p['file_name']}", *(f"{p['subfolder']}/{n}" for n in p["noise"]),
                              *(f"{p['other_folder']}/{n}" for n in p["other_noise"])])
        self.remember(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        diff = changes(self.before, tree(device, STORAGE))
        target = f"{self.params['subfolder']}/{self.params['file_name']}"
        return 1.0 if diff.removed == {target} and not diff.added and not diff.modified else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield ui.open_app("Files")
        yield from open_storage_folder(ui, p["subfolder"])
        yield from ui.scroll_to(text=p["file_name"])
        yield ui.long_press(text=p["file_name"])
        yield ui.click(desc="Delete")
        yield ui.click(text="OK")
        yield ui.complete()


class FilesMoveFile(_FilesTask):
    """Move one file between standard folders; it must arrive with its content, and nothing else may change."""

    template = ("Move the file {file_name} from {source_folder} within the sdk_gphone_x86_64 storage area to the "
                "{destination_folder} within the same sdk_gphone_x86_64 storage area in the Android filesystem.")
    difficulty = "medium"
    tags = ("search", "screen_reading", "parameterized")
    complexity = 2
    optimal_steps = 10

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            source = d(st.sampled_from(sorted(FOLDERS)))
            destination = d(st.sampled_from(sorted(set(FOLDERS) - {source})))
            # as in AndroidWorld, the file is of the destination's kind, among the source's own files
            name = d(st.sampled_from(STEMS[destination])) + FOLDERS[destination]
            noise = [n for n in d(noise_files(source)) if n != name]
            return {"file_name": name, "source_folder": source, "destination_folder": destination,
                    "noise": noise, "destination_noise": [n for n in d(noise_files(destination)) if n != name]}
        return draw()

    def setup(self, device: Device) -> None:
        p = self.params
        seed_storage(device, [f"{p['source_folder']}/{p['file_name']}",
                              *(f"{p['source_folder']}/{n}" for n in p["noise"]),
                              *(f"{p['destination_folder']}/{n}" for n in p["destination_noise"])])
        self.remember(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        after = tree(device, STORAGE)
        diff = changes(self.before, after)
        source, moved = f"{p['source_folder']}/{p['file_name']}", f"{p['destination_folder']}/{p['file_name']}"
        ok = (diff.removed == {source} and diff.added == {moved} and not diff.modified
              and after[moved] == self.before[source])
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield ui.open_app("Files")
        yield from open_storage_folder(ui, p["source_folder"])
        yield from ui.scroll_to(text=p["file_name"])
        yield ui.long_press(text=p["file_name"])
        yield ui.click(desc="More options")
        yield ui.click(text="Move to…")
        yield from open_storage_folder(ui, p["destination_folder"])
        yield ui.click(text="Move")
        yield ui.complete()
