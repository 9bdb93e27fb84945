"""AndroidWorld's Markor families: notes and folders as files in Markor's notebook folder.

Setup empties the notebook (as AndroidWorld does) and writes the task's notes among noise notes.
Checks compare the notebook's whole tree with how setup left it: only the expected files may be
added, removed or changed, with the expected content. Templates follow ``task_metadata.json``
(AndroidWorld's newer code also renames notes in two families; the metadata's goals do not ask it).
Content compares after trimming trailing whitespace, since editors and ``echo`` differ in final
newlines; where the blank lines are the point (headers, merges) they must be exact.
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.media import jpeg_with_text
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI, OracleError
from pytest_mobileagent.validators.answers import text_matches
from pytest_mobileagent.validators.sms import added_since, device_time_ms, only_sent, snapshot
from pytest_mobileagent.validators.storage import FOLDER, changes, tree
from suites.androidworld.receipts import money, receipts

NOTEBOOK = "/sdcard/Documents/Markor"
NOTE_TITLES = ("grocery_list_weekly.md", "meeting_notes_design_team.md", "personal_goals_2024.md",
               "reading_list_autumn.md", "paper_summary_transformers.md", "vacation_plans_spring.md",
               "kitchen_renovation_budget.md", "october_workout_routine.md", "gift_ideas_dad.md",
               "sourdough_recipe.md", "weekend_todo.md", "insurance_comparison.txt", "sketch_ideas.txt",
               "rust_learning_goals.md", "trip_reflections.txt", "startup_ideas.md")
SENTENCES = ("Call the plumber about the leaking tap.", "The quarterly report is due on Friday.",
             "Remember to water the tomatoes every morning.", "Pick up the dry cleaning after work.",
             "Book club meets at Maria's place this month.", "Try the new ramen place on 5th street.",
             "Renew the car registration before November.", "Practice the presentation twice tomorrow.",
             "Back up the photos to the external drive.", "Ask Leo about the hiking trip dates.")
WORDS = ("alpha", "brisk", "cedar", "delta", "ember", "fjord", "glint", "harbor", "indigo", "juniper", "kestrel",
         "lumen", "maple", "nimbus", "onyx", "pebble", "quartz", "russet", "sable", "tundra")
FOLDERS = ("BookNotes", "CodeSnippets", "DailyNotes", "FitnessPlans", "MeetingMinutes", "PersonalJournal",
           "RecipeCollections", "StudyGuides", "TravelItineraries", "WorkProjects")


def note_name() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(WORDS), st.sampled_from(WORDS), st.sampled_from((".md", ".txt"))).map(
        lambda t: f"{t[0]}_{t[1]}{t[2]}")


def token() -> st.SearchStrategy[str]:
    """A short random string, as AndroidWorld uses for contents it must not be guessable."""
    return st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=12, max_size=20)


def noise_notes(exclude: frozenset[str] = frozenset()) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from([t for t in NOTE_TITLES if t not in exclude]), min_size=2, max_size=6,
                    unique=True)


def seed_notebook(device: Device, files: dict[str, str], folders: tuple[str, ...] = ()) -> dict[str, str]:
    """Empty the notebook, write ``files`` (relative path -> text, each ending in a newline), return its tree."""
    if device.exists(NOTEBOOK):
        for name in device.list_dir(NOTEBOOK):
            device.remove(posixpath.join(NOTEBOOK, name))
    for folder in folders:
        device.shell(f"mkdir -p '{NOTEBOOK}/{folder}'")
    for rel, text in files.items():
        device.write_file(posixpath.join(NOTEBOOK, rel), (text + "\n").encode())
    return tree(device, NOTEBOOK)


def text_of(device: Device, rel: str) -> str | None:
    path = posixpath.join(NOTEBOOK, rel)
    if not device.exists(path):
        return None
    return device.read_file(path).decode("utf-8", "replace")


def same_text(actual: str | None, expected: str) -> bool:
    return actual is not None and actual.rstrip() == expected.rstrip()


def open_markor(ui: UI) -> Iterator[Action]:
    yield ui.open_app("Markor")


def new_note(ui: UI, name: str, text: str, leaves: bool = False) -> Iterator[Action]:
    """The "+" button, a name (with its extension), OK, then the text typed into the editor and saved
    (``leaves``: the next step leaves the editor, which saves too)."""
    yield ui.click(desc="Create a new file or folder")
    yield ui.type(name, rid="new_file_dialog__name")
    yield ui.click(text="OK")
    if text:
        yield ui.type(text, rid="document__fragment__edit__highlighting_editor")
    save = ui.click(desc="Save")
    yield ui.tolerate(save, "Markor saves a document when its editor is left, as the next step does", "skip") \
        if leaves else save


def edit_note(ui: UI, name: str, text: str) -> Iterator[Action]:
    """Open the note and replace its whole text."""
    yield from ui.scroll_to(text=name)
    yield ui.click(text=name)
    yield ui.type(text, rid="document__fragment__edit__highlighting_editor", clear=True)
    yield ui.click(desc="Save")


class _MarkorTask(Task):
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts
    __abstract__ = True
    apps = ("markor",)
    complexity = 2

    def describe_state(self, device: Device) -> str:
        return f"notebook changes since setup: {changes(self.before, tree(device, NOTEBOOK)).describe()}"

    def only(self, device: Device, added: set[str] = frozenset(), removed: set[str] = frozenset(),
             modified: set[str] = frozenset()) -> bool:
        """Exactly these relative paths changed since setup, in these ways."""
        diff = changes(self.before, tree(device, NOTEBOOK))
        return diff.added == set(added) and diff.removed == set(removed) and diff.modified == set(modified)


class MarkorCreateNote(_MarkorTask):
    template = "Create a new note in Markor named {file_name} with the following text: {text}"
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    optimal_steps = 8

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"file_name": note_name(), "text": st.sampled_from(SENTENCES),
                                      "noise": noise_notes()})

    def setup(self, device: Device) -> None:
        self.before = seed_notebook(device, {n: SENTENCES[i % len(SENTENCES)] for i, n in
                                             enumerate(self.params["noise"])})

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["file_name"]
        content = text_of(device, name)
        ok = self.only(device, added={name}) and content is not None and text_matches(content.strip(),
                                                                                      self.params["text"])
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        yield from new_note(ui, self.params["file_name"], self.params["text"])
        yield ui.complete()


class MarkorCreateNoteFromClipboard(MarkorCreateNote):
    """The note must hold what the clipboard held, exactly."""

    template = ("Create a note in Markor named {file_name}. Perform a paste operation in the note and save the "
                "note.")
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    optimal_steps = 7

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"file_name": note_name(), "file_content": token(), "noise": noise_notes()})

    def setup(self, device: Device) -> None:
        super().setup(device)
        device.clipboard_set(self.params["file_content"])

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["file_name"]
        ok = self.only(device, added={name}) and same_text(text_of(device, name), self.params["file_content"])
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        yield ui.click(desc="Create a new file or folder")
        yield ui.type(self.params["file_name"], rid="new_file_dialog__name")
        yield ui.click(text="OK")
        yield ui.long_press(rid="document__fragment__edit__highlighting_editor")
        yield ui.click(text="Paste")
        yield ui.click(desc="Save")
        yield ui.complete()


class MarkorCreateFolder(_MarkorTask):
    template = "Create a new folder in Markor named {folder_name}."
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    optimal_steps = 4

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        stamp = st.tuples(st.integers(1, 28), st.integers(0, 23), st.integers(0, 59)).map(
            lambda t: f"folder_202310{t[0]:02d}_{t[1]:02d}{t[2]:02d}00")
        return st.fixed_dictionaries({"folder_name": stamp, "noise": noise_notes()})

    def setup(self, device: Device) -> None:
        self.before = seed_notebook(device, {n: "x" for n in self.params["noise"]})

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["folder_name"]
        ok = self.only(device, added={name}) and tree(device, NOTEBOOK)[name] == FOLDER
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        yield ui.click(desc="Create a new file or folder")
        yield ui.type(self.params["folder_name"], rid="new_file_dialog__name")
        yield ui.click(text="Folder")
        yield ui.complete()


class _ExistingNote(_MarkorTask):
    __abstract__ = True

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            name = d(note_name())
            return {"file_name": name, "original": d(st.sampled_from(SENTENCES)), "noise": d(noise_notes()),
                    **cls.more(d)}
        return draw()

    @classmethod
    def more(cls, draw: Any) -> dict[str, Any]:
        return {}

    def setup(self, device: Device) -> None:
        files = {n: SENTENCES[(i + 3) % len(SENTENCES)] for i, n in enumerate(self.params["noise"])}
        self.before = seed_notebook(device, {**files, self.params["file_name"]: self.params["original"]})


class MarkorDeleteNote(_ExistingNote):
    template = "Delete the note in Markor named {file_name}."
    difficulty = "easy"
    tags = ("data_edit", "requires_setup", "parameterized")
    optimal_steps = 5

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.only(device, removed={self.params["file_name"]}) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        yield from ui.scroll_to(text=self.params["file_name"])
        yield ui.long_press(text=self.params["file_name"])
        yield ui.click(desc="Delete")
        yield ui.click(text="OK")
        yield ui.complete()


class MarkorEditNote(_ExistingNote):
    """The metadata's template adds a header; AndroidWorld's code also draws ``edit_type`` ``footer`` (add to the
    bottom, ``{footer}``) and ``replace`` (``{replace_text}``), whose goals follow its code's templates. The oracle
    reads the note's text in the editor (AndroidWorld keeps the original text out of its params)."""

    template = "Edit {file_name} in Markor. Add to the top of the note {header}"
    #: AndroidWorld's templates of the other edit types (``MarkorEditNote.template``).
    templates = {"footer": "Edit {file_name} in Markor. Add to the bottom of the note {footer}",
                 "replace": "Edit {file_name} in Markor. Replace the text with {replace_text}"}
    difficulty = "easy"
    tags = ("data_edit", "transcription", "parameterized")
    optimal_steps = 4

    @classmethod
    def more(cls, draw: Any) -> dict[str, Any]:
        return {"edit_type": "header", "header": draw(st.sampled_from(SENTENCES))}

    @property
    def goal(self) -> str:
        return self.templates.get(self.params.get("edit_type", "header"), self.template).format(**self.params)

    def expected(self, original: str | None = None) -> str:
        original = self.params["original"] if original is None else original
        kind = self.params.get("edit_type", "header")
        if kind == "footer":
            return original + "\n" + self.params["footer"]
        if kind == "replace":
            return self.params["replace_text"]
        return self.params["header"] + "\n" + original

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["file_name"]
        content = text_of(device, name)
        ok = self.only(device, modified={name}) and content is not None and text_matches(content.strip(),
                                                                                         self.expected())
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        yield from ui.scroll_to(text=self.params["file_name"])
        yield ui.click(text=self.params["file_name"])
        editor = "document__fragment__edit__highlighting_editor"
        original = (ui.element(rid=editor)[1].text or "").strip()
        yield ui.type(self.expected(original), rid=editor, clear=True)
        yield ui.click(desc="Save")
        yield ui.complete()


class MarkorAddNoteHeader(MarkorEditNote):
    """The header, one blank line, then the old text: exactly.

    AndroidWorld's code names the note ``original_name`` (its text ``original_content``) and also renames it to
    ``new_name``, which its metadata's template (this family's) does not ask: given AndroidWorld's dict, the goal
    is its code's (:attr:`renaming`) and the note must end under the new name."""

    template = ('Update the Markor note {file_name} by adding the following text, along with a new blank line '
                'before the existing content: "{header}".')
    renaming = ('Update the Markor note {original_name} by adding the following text, along with a new blank line '
                'before the existing content: "{header}", and rename it to {new_name}.')
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    optimal_steps = 6

    @classmethod
    def more(cls, draw: Any) -> dict[str, Any]:
        return {"header": draw(token())}

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        if "original_name" in params:  # AndroidWorld's names for the note and its text
            params = {**params, "file_name": params["original_name"],
                      **({"original": params["original_content"]} if "original_content" in params else {})}
        return super().complete_params(params)

    @property
    def goal(self) -> str:
        return (self.renaming if "new_name" in self.params else self.template).format(**self.params)

    def expected(self) -> str:
        return self.params["header"] + "\n\n" + self.params["original"]

    def check(self, device: Device, answer: str | None = None) -> float:
        old = self.params["file_name"]
        new = self.params.get("new_name", old)
        changed = self.only(device, modified={old}) if new == old else self.only(device, added={new}, removed={old})
        return 1.0 if changed and same_text(text_of(device, new), self.expected()) else 0.0

    def new_text(self, shown: str) -> str:
        """What the note should hold, given the text the editor shows (the file's own, its last newline kept:
        AndroidWorld compares the header, a blank line and the file's text exactly)."""
        return self.params["header"] + "\n\n" + (shown or self.params["original"])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        yield from ui.scroll_to(text=self.params["file_name"])
        yield ui.click(text=self.params["file_name"])
        editor = "document__fragment__edit__highlighting_editor"
        text = self.new_text(ui.element(rid=editor)[1].text or "")
        typed = ui.type(text, rid=editor, clear=True)
        yield ui.tolerate(typed, "the last character is the file's final newline, and trailing whitespace is not a "
                          "note's content (same_text)", "text:drop") if text != text.rstrip() else typed
        yield ui.click(desc="Save")
        if "new_name" in self.params:
            for _ in range(3):  # the keyboard, then the editor
                if ui.exists(rid="opoc_filesystem_item__title"):
                    break
                yield ui.back()
            yield ui.long_press(text=self.params["file_name"])
            yield ui.click(desc="Rename")
            yield ui.type(self.params["new_name"], rid="new_name", clear=True)
            yield ui.click(text="OK")
        yield ui.complete()


class MarkorChangeNoteContent(MarkorAddNoteHeader):
    template = 'Update the content of {file_name} to "{updated_content}" in Markor.'
    renaming = ('Update the content of {original_name} to "{updated_content}" in Markor and change its name to '
                '{new_name}.')
    difficulty = "medium"
    tags = ("data_entry", "requires_setup", "parameterized")
    optimal_steps = 5

    @classmethod
    def more(cls, draw: Any) -> dict[str, Any]:
        return {"updated_content": draw(token())}

    def expected(self) -> str:
        return self.params["updated_content"]

    def new_text(self, shown: str) -> str:
        return self.expected()


class MarkorDeleteAllNotes(_MarkorTask):
    template = "Delete all my notes in Markor."
    difficulty = "easy"
    tags = ("data_edit", "repetition", "parameterized")
    optimal_steps = 7

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"noise": noise_notes()})

    def setup(self, device: Device) -> None:
        self.before = seed_notebook(device, {n: "x" for n in self.params["noise"]})

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if not tree(device, NOTEBOOK) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        # Markor's file browser has no "select all": the first note is long-pressed, the others tapped
        picked: set[str] = set()
        for _ in range(12):
            shown = [el.text for _, el in ui.find_all(rid="opoc_filesystem_item__title") if el.text not in picked]
            if not shown:
                break
            for name in shown:
                yield ui.click(text=name) if picked else ui.long_press(text=name)
                picked.add(name)
            yield ui.tolerate(ui.scroll(rid="ui__filesystem_dialog__list"), "it only brings notes below into view: "
                              "when every note is on screen it moves nothing", "skip")
        yield ui.click(desc="Delete")
        yield ui.click(text="OK")
        yield ui.complete()


class MarkorDeleteNewestNote(_MarkorTask):
    """Notes written at different times; only the newest may go."""

    template = "Delete the newest note in Markor."
    difficulty = "easy"
    tags = ("data_edit", "parameterized")
    optimal_steps = 4

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"noise": noise_notes(), "offsets": st.lists(
            st.integers(-500, 500), min_size=6, max_size=6, unique=True)})

    def setup(self, device: Device) -> None:
        self.before = seed_notebook(device, {})
        now = device.now()
        for name, minutes in zip(self.params["noise"], self.params["offsets"]):
            device.set_time(now + dt.timedelta(minutes=minutes))  # as AndroidWorld moves the clock between notes
            device.write_file(posixpath.join(NOTEBOOK, name), f"{name}\n".encode())
        device.set_time(now)
        self.before = tree(device, NOTEBOOK)
        pairs = zip(self.params["noise"], self.params["offsets"])
        self.newest = max(pairs, key=lambda p: p[1])[0]

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.only(device, removed={self.newest}) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        newest = newest_listed(ui)  # read off the list's dates: AndroidWorld's own notes are not in the params
        yield ui.long_press(text=newest)
        yield ui.click(desc="Delete")
        yield ui.click(text="OK")
        yield ui.complete()


def newest_listed(ui: UI) -> str:
    """The listed note with the latest date (Markor shows each row's ``dd.MM.yy HH:mm``)."""
    titles = [el for _, el in ui.find_all(rid="opoc_filesystem_item__title")]
    dates = [el for _, el in ui.find_all(rid="opoc_filesystem_item__description")]
    if not titles or len(titles) != len(dates):
        raise OracleError("the notes and their dates are not all on screen")
    when = [dt.datetime.strptime(d.text, "%d.%m.%y %H:%M") for d in dates]
    latest = max(when)
    if when.count(latest) > 1:
        raise OracleError("two notes share the newest minute")
    return titles[when.index(latest)].text


class MarkorMoveNote(_MarkorTask):
    template = "In Markor, move the note {file_name} from {source_folder} to {destination_folder}."
    difficulty = "medium"
    tags = ("parameterized", "complex_ui_understanding")
    optimal_steps = 7

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            source = d(st.sampled_from(FOLDERS))
            destination = d(st.sampled_from([f for f in FOLDERS if f != source]))
            return {"file_name": d(note_name()), "source_folder": source, "destination_folder": destination,
                    "noise": d(noise_notes())}
        return draw()

    def setup(self, device: Device) -> None:
        p = self.params
        files = {f"{p['source_folder']}/{n}": "noise" for n in p["noise"]}
        files[f"{p['source_folder']}/{p['file_name']}"] = SENTENCES[0]
        self.before = seed_notebook(device, files, folders=(p["destination_folder"],))

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        src, dst = f"{p['source_folder']}/{p['file_name']}", f"{p['destination_folder']}/{p['file_name']}"
        ok = self.only(device, added={dst}, removed={src}) and tree(device, NOTEBOOK)[dst] == self.before[src]
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_markor(ui)
        yield ui.click(text=p["source_folder"])
        yield from ui.scroll_to(text=p["file_name"])
        yield ui.long_press(text=p["file_name"])
        yield ui.click(desc="More options")
        yield ui.click(text="Move")
        yield ui.click(text=p["destination_folder"])
        yield ui.click(text="OK")
        yield ui.complete()


class MarkorMergeNotes(_MarkorTask):
    """A new note with the three contents in order, one blank line between each; the three stay."""

    template = ("Merge the contents of Markor notes {file1_name}, {file2_name} and {file3_name} (in the same order) "
                "into a new Markor note named {new_file_name} and save it. Add a new line between the content of "
                "each note.")
    difficulty = "hard"
    tags = ("data_edit", "data_entry", "parameterized")
    complexity = 3
    optimal_steps = 39

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            names = d(st.lists(note_name(), min_size=3, max_size=3, unique=True))
            contents = d(st.lists(token(), min_size=3, max_size=3))
            new = d(st.text("abcdefghijklmnopqrstuvwxyz", min_size=8, max_size=8))
            return {**{f"file{i + 1}_name": n for i, n in enumerate(names)},
                    **{f"file{i + 1}_content": c for i, c in enumerate(contents)}, "new_file_name": new}
        return draw()

    def setup(self, device: Device) -> None:
        p = self.params
        self.before = seed_notebook(device, {p[f"file{i}_name"]: p[f"file{i}_content"] for i in (1, 2, 3)})

    def merged(self) -> str:
        return "\n\n".join(self.params[f"file{i}_content"] for i in (1, 2, 3))

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["new_file_name"]
        ok = self.only(device, added={name}) and same_text(text_of(device, name), self.merged())
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_markor(ui)
        # Markor's new-file dialog appends the extension field (.md) to a name without one.
        yield ui.click(desc="Create a new file or folder")
        yield ui.type(self.params["new_file_name"], rid="new_file_dialog__name")
        # the field holds ".md" over its hint ".md" (new_file_dialog.xml): a clear cannot tell text from hint, so
        # the three characters are deleted by key
        yield ui.click(rid="new_file_dialog__ext")
        yield ui.tolerate(ui.key("move_end"), "a tap puts the cursor at the end of the field's text already (as "
                          "Android's EditText does for a tap past its last character); the key only makes sure",
                          "skip")
        for _ in ".md":
            yield ui.key("delete")
        yield ui.click(text="OK")
        yield ui.type(self.merged(), rid="document__fragment__edit__highlighting_editor")
        yield ui.click(desc="Save")
        yield ui.complete()


class MarkorCreateNoteAndSms(_MarkorTask):
    """Half for the note, half for the SMS carrying its text to the number (as AndroidWorld's composite)."""

    template = ("Create a new note in Markor named {file_name} with the following text: {text}. Share the entire "
                "content of the note with the phone number {number} via SMS using Simple SMS Messenger")
    apps = ("markor", "simple sms messenger")
    difficulty = "hard"
    tags = ("multi_app", "data_entry", "parameterized")
    optimal_steps = 9

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        number = st.tuples(st.integers(201, 989), st.integers(200, 999), st.integers(0, 9999)).map(
            lambda t: f"+1{t[0]}{t[1]}{t[2]:04d}")
        return st.fixed_dictionaries({"file_name": note_name(), "text": st.sampled_from(SENTENCES),
                                      "number": number, "noise": noise_notes()})

    def setup(self, device: Device) -> None:
        self.before = seed_notebook(device, {n: "x" for n in self.params["noise"]})
        self.sms_before = snapshot(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        content = text_of(device, p["file_name"])
        note = self.only(device, added={p["file_name"]}) and content is not None and text_matches(
            content.strip(), p["text"])
        sms = only_sent(added_since(device, self.sms_before), p["number"], p["text"], device_time_ms(device))
        return (note + sms) / 2

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_markor(ui)
        yield from new_note(ui, p["file_name"], p["text"], leaves=True)
        yield ui.click(desc="More options")  # Share is a submenu of the editor's overflow (document__edit__menu)
        yield ui.click(text="Share")
        yield ui.click(text="Plain Text")
        yield ui.tolerate(ui.click(text="SMS Messenger"),
                          "tapping where the address field will be lands on SMS Messenger in the share sheet", "skip")
        yield ui.type(p["number"], rid="new_conversation_address")
        yield ui.click(rid="new_conversation_confirm")
        yield ui.click(rid="thread_send_message")
        yield ui.complete()


class MarkorTranscribeReceipt(_MarkorTask):
    """receipt.md in CSV with the header and one line per item of the receipt photo (read in the gallery)."""

    template = ("Create a file in Markor, called receipt.md with the transactions from the receipt.png. Use Simple "
                'Gallery to view the receipt. Please enter transactions in csv format including the header "Date, '
                'Item, Amount".')
    apps = ("markor", "simple gallery pro")
    difficulty = "medium"
    tags = ("transcription", "data_entry", "multi_app", "screen_reading", "memorization", "parameterized")
    optimal_steps = 9
    multimodal = True

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"receipt": receipts()})

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """AndroidWorld's ``text`` (its CSV, header first) is the receipt: the photo setup makes shows its lines."""
        if "text" in params and "receipt" not in params:
            rows = [[c.strip() for c in line.split(",")] for line in params["text"].splitlines()[1:] if line.strip()]
            items = [(item, round(float(amount.lstrip("$")) * 100)) for _, item, amount in rows]
            params = {**params, "receipt": {"shop": "RECEIPT", "date": rows[0][0] if rows else "",
                                            "items": items, "total": sum(c for _, c in items)}}
        return super().complete_params(params)

    def setup(self, device: Device) -> None:
        from suites.androidworld.receipts import receipt_lines

        self.before = seed_notebook(device, {})
        for name in device.list_dir("/sdcard/DCIM"):
            device.remove(f"/sdcard/DCIM/{name}")
        device.write_file("/sdcard/DCIM/receipt.png", jpeg_with_text(receipt_lines(self.params["receipt"]),
                                                                     fmt="PNG"))

    def rows(self) -> list[tuple[str, str, str]]:
        if "text" in self.params:  # AndroidWorld's lines, each with its own date
            lines = [line for line in self.params["text"].splitlines()[1:] if line.strip()]
            return [tuple(c.strip().lstrip("$") for c in line.split(",")) for line in lines]  # type: ignore[misc]
        r = self.params["receipt"]
        return [(r["date"], item, money(cents)) for item, cents in r["items"]]

    def csv(self) -> str:
        return "\n".join(["Date, Item, Amount", *(", ".join(row) for row in self.rows())])

    def check(self, device: Device, answer: str | None = None) -> float:
        content = text_of(device, "receipt.md")
        if content is None or not self.only(device, added={"receipt.md"}):
            return 0.0
        lines = [[c.strip().lower() for c in line.split(",")] for line in content.strip().splitlines() if line.strip()]
        if not lines or lines[0] != ["date", "item", "amount"]:
            return 0.0
        want = sorted([c.lower() for c in row] for row in self.rows())
        got = sorted([c.lstrip("$") for c in row] for row in lines[1:])
        return 1.0 if got == want else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Simple Gallery Pro"), lambda: ui.click(text="DCIM"),
                              lambda: ui.click(text="receipt.png"), ui.home)
        yield from open_markor(ui)
        yield from new_note(ui, "receipt.md", self.csv())
        yield ui.complete()


GIVEN_NAMES = ("edna", "pineapple", "marco", "juniper", "olga", "tobias", "wren", "keiko", "ravi", "saoirse",
               "bruno", "amara")


class MarkorTranscribeVideo(_MarkorTask):
    """Watch the video in VLC (its frames show words, as pixels only) and write them, comma separated, in Markor.

    The simulator's videos carry their frames' words in a box the simulated player draws from; a real
    emulator needs videos with the words burnt into the frames, which this setup does not make.
    """

    template = ("Transcribe the contents of video {video_name} by watching it in VLC player (located in Download) "
                "and writing the sequence of strings shown on each frame to the text file {file_name} in Markor as a "
                'comma separated list. For example, if the first frame shows the text "edna" and the second frame '
                'shows the text "pineapple", then the text file should contains only the following text: '
                '"edna, pineapple".')
    apps = ("markor", "vlc")
    difficulty = "hard"
    tags = ("multi_app", "transcription", "requires_setup", "memorization", "screen_reading", "parameterized")
    complexity = 4
    optimal_steps = 10
    multimodal = True
    requires = frozenset({"sim_media"})  # the frames' words are a box only the simulated VLC draws

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            words = d(st.lists(st.sampled_from(GIVEN_NAMES), min_size=2, max_size=4, unique=True))
            names = d(st.lists(st.tuples(st.sampled_from(("clip", "scene", "moment", "take")), st.integers(1, 99)),
                               min_size=4, max_size=8, unique=True))
            videos = [f"{a}_{n}.mp4" for a, n in names]
            return {"messages": words, "video_name": videos[0], "noise_videos": videos[1:],
                    "file_name": f"{videos[0].split('.')[0]}_transcription.txt"}
        return draw()

    def setup(self, device: Device) -> None:
        from pytest_mobileagent.android.media import video_with_frames

        self.before = seed_notebook(device, {})
        for name in device.list_dir("/sdcard/Download"):
            device.remove(f"/sdcard/Download/{name}")
        device.write_file(f"/sdcard/Download/{self.params['video_name']}",
                          video_with_frames(self.params["messages"], 8))
        for i, name in enumerate(self.params["noise_videos"]):
            device.write_file(f"/sdcard/Download/{name}", video_with_frames([WORDS[i]], 20 + i))

    def check(self, device: Device, answer: str | None = None) -> float:
        name = self.params["file_name"]
        content = text_of(device, name)
        if content is None or not self.only(device, added={name}):
            return 0.0
        words = [w.strip().strip('"').lower() for w in content.strip().split(",")]
        return 1.0 if words == self.params["messages"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("VLC"), lambda: ui.click(text="Browse"),
                              lambda: ui.click(text="Download"), lambda: ui.click(text=self.params["video_name"]),
                              lambda: ui.wait(8 * len(self.params["messages"])), ui.back)  # watched to the end
        yield ui.open_app("Markor")
        yield ui.click(desc="Create a new file or folder")
        yield ui.type(self.params["file_name"], rid="new_file_dialog__name")
        yield ui.click(text="OK")
        yield ui.type(", ".join(self.params["messages"]), rid="document__fragment__edit__highlighting_editor")
        yield ui.click(desc="Save")
        yield ui.complete()
