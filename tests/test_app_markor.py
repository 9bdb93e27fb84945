"""Markor: notes and folders as files in its notebook, made through its screens; the Markor families' checks."""

from __future__ import annotations

import pytest

from mobileagent_sim import SimDevice
from suites.androidworld.tasks_markor import (
    NOTEBOOK,
    MarkorAddNoteHeader,
    MarkorCreateNote,
    MarkorCreateNoteAndSms,
    MarkorDeleteNewestNote,
    MarkorMergeNotes,
    MarkorMoveNote,
    MarkorTranscribeReceipt,
)
from tests.screen import elements, find, tap

PKG = "net.gsantner.markor"


def texts(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.text]


def write(d: SimDevice, rel: str, text: str) -> None:
    d.write_file(f"{NOTEBOOK}/{rel}", text.encode())


def test_new_note_new_folder_and_autosave_on_back(d: SimDevice) -> None:
    d.start_app(PKG)
    tap(d, desc="Create a new file or folder")
    d.input_text("ideas")
    assert find(d, rid="new_file_dialog__ext").text == ".md"
    tap(d, text="OK")
    assert d.current_activity()[1] == "net.gsantner.markor.activity.DocumentActivity"
    tap(d, rid="document__fragment__edit__highlighting_editor")
    d.input_text("first line")
    d.press("back")
    d.press("back")
    assert d.read_file(f"{NOTEBOOK}/ideas.md") == b"first line"
    tap(d, desc="Create a new file or folder")
    d.input_text("Trips")
    tap(d, text="Folder")
    assert d.list_dir(NOTEBOOK) == ["Trips", "ideas.md"]
    assert texts(d)[1:3] == ["Trips", "15.10.23 15:34"]  # folders first, dated by the device clock


def test_selection_rename_move_and_delete(d: SimDevice) -> None:
    write(d, "a.md", "A")
    d.shell(f"mkdir -p {NOTEBOOK}/Archive")
    d.start_app(PKG)
    d.long_press(*find(d, text="a.md").center)
    tap(d, desc="Rename")
    for _ in "a.md":
        d.press("KEYCODE_DEL")
    d.input_text("b.md")
    tap(d, text="OK")
    d.long_press(*find(d, text="b.md").center)
    tap(d, desc="More options")
    tap(d, text="Move")
    tap(d, text="Archive")
    tap(d, text="OK")
    assert d.read_file(f"{NOTEBOOK}/Archive/b.md") == b"A" and d.list_dir(NOTEBOOK) == ["Archive"]
    tap(d, text="Archive")
    d.long_press(*find(d, text="b.md").center)
    tap(d, desc="Delete")
    tap(d, text="OK")
    assert d.list_dir(f"{NOTEBOOK}/Archive") == []


def test_share_sends_the_note_to_sms(d: SimDevice) -> None:
    write(d, "msg.md", "See you at 6")
    d.start_app(PKG)
    tap(d, text="msg.md")
    tap(d, desc="More options")
    tap(d, text="Share")
    tap(d, text="Plain Text")
    tap(d, text="SMS Messenger")
    assert d.current_activity()[0] == "com.simplemobiletools.smsmessenger"


def test_create_note_check_near_misses(d: SimDevice) -> None:
    task = MarkorCreateNote({"file_name": "plan.md", "text": "Call the plumber.", "noise": ["weekend_todo.md"]})
    task.setup(d)
    write(d, "plan.txt", "Call the plumber.")
    assert task.check(d) == 0.0  # wrong name
    d.remove(f"{NOTEBOOK}/plan.txt")
    write(d, "plan.md", "Call the plumber.\n")
    assert task.check(d) == 1.0
    d.remove(f"{NOTEBOOK}/weekend_todo.md")
    assert task.check(d) == 0.0  # a noise note went too


@pytest.mark.parametrize("content,expected", [("HEAD\n\nold text\n", 1.0), ("HEAD\nold text\n", 0.0),
                                              ("old text\n\nHEAD\n", 0.0)])
def test_header_check_wants_the_blank_line(d: SimDevice, content: str, expected: float) -> None:
    task = MarkorAddNoteHeader({"file_name": "n.md", "original": "old text", "noise": [], "header": "HEAD"})
    task.setup(d)
    write(d, "n.md", content)
    assert task.check(d) == expected


def test_merge_check(d: SimDevice) -> None:
    p = {"file1_name": "a.md", "file2_name": "b.md", "file3_name": "c.md", "file1_content": "one",
         "file2_content": "two", "file3_content": "three", "new_file_name": "merged"}
    task = MarkorMergeNotes(p)
    task.setup(d)
    write(d, "merged", "one\ntwo\nthree")
    assert task.check(d) == 0.0
    write(d, "merged", "one\n\ntwo\n\nthree\n")
    assert task.check(d) == 1.0


def test_newest_note_is_the_latest_written(d: SimDevice) -> None:
    task = MarkorDeleteNewestNote({"noise": ["a.md", "b.md", "c.md"], "offsets": [-30, 200, 10, 0, 1, 2]})
    task.setup(d)
    d.remove(f"{NOTEBOOK}/c.md")
    assert task.check(d) == 0.0
    task.setup(d)
    d.remove(f"{NOTEBOOK}/b.md")
    assert task.check(d) == 1.0


def test_move_check_wants_the_content_moved(d: SimDevice) -> None:
    task = MarkorMoveNote({"file_name": "x.md", "source_folder": "BookNotes", "destination_folder": "DailyNotes",
                           "noise": ["startup_ideas.md"]})
    task.setup(d)
    d.remove(f"{NOTEBOOK}/BookNotes/x.md")
    write(d, "DailyNotes/x.md", "something else\n")
    assert task.check(d) == 0.0


def test_sms_half_credit(d: SimDevice) -> None:
    task = MarkorCreateNoteAndSms({"file_name": "n.md", "text": "Back up the photos.", "number": "+12125550147",
                                   "noise": []})
    task.setup(d)
    write(d, "n.md", "Back up the photos.")
    assert task.check(d) == 0.5


@pytest.mark.parametrize("body,expected", [
    ("Date, Item, Amount\n2023-10-12, Apples, 3.20\n2023-10-12, Bread, 2.50\n", 1.0),
    ("date,item,amount\n2023-10-12,Bread,$2.50\n2023-10-12,Apples,$3.20", 1.0),
    ("Date, Item, Amount\n2023-10-12, Apples, 3.20\n", 0.0),
    ("2023-10-12, Apples, 3.20\n2023-10-12, Bread, 2.50\n", 0.0),
])
def test_receipt_transcription_check(d: SimDevice, body: str, expected: float) -> None:
    receipt = {"shop": "Corner Market", "date": "2023-10-12", "items": [["Apples", 320], ["Bread", 250]], "total": 570}
    task = MarkorTranscribeReceipt({"receipt": receipt})
    task.setup(d)
    assert d.read_file("/sdcard/DCIM/receipt.png")[:4] == b"\x89PNG"
    write(d, "receipt.md", body)
    assert task.check(d) == expected


def test_remaining_families_near_misses(d: SimDevice) -> None:
    from suites.androidworld.tasks_markor import (
        MarkorChangeNoteContent,
        MarkorCreateFolder,
        MarkorCreateNoteFromClipboard,
        MarkorDeleteAllNotes,
        MarkorDeleteNote,
        MarkorEditNote,
    )

    folder = MarkorCreateFolder({"folder_name": "folder_20231015_153400", "noise": ["weekend_todo.md"]})
    folder.setup(d)
    write(d, "folder_20231015_153400", "a file, not a folder")
    assert folder.check(d) == 0.0
    folder.setup(d)
    d.shell(f"mkdir {NOTEBOOK}/folder_20231015_153400")
    assert folder.check(d) == 1.0

    delete = MarkorDeleteNote({"file_name": "n.md", "original": "x", "noise": ["weekend_todo.md"]})
    delete.setup(d)
    d.remove(f"{NOTEBOOK}/weekend_todo.md")
    assert delete.check(d) == 0.0  # the wrong note

    everything = MarkorDeleteAllNotes({"noise": ["a.md", "b.md"]})
    everything.setup(d)
    d.remove(f"{NOTEBOOK}/a.md")
    assert everything.check(d) == 0.0
    d.remove(f"{NOTEBOOK}/b.md")
    assert everything.check(d) == 1.0

    edit = MarkorEditNote({"file_name": "n.md", "original": "Back up the photos.", "noise": [],
                           "header": "Call the plumber."})
    edit.setup(d)
    write(d, "n.md", "Back up the photos.\nCall the plumber.\n")
    assert edit.check(d) == 0.0  # added at the bottom
    write(d, "n.md", "Call the plumber.\nBack up the photos.\n")
    assert edit.check(d) == 1.0

    change = MarkorChangeNoteContent({"file_name": "n.md", "original": "x", "noise": [],
                                      "updated_content": "k3j2h4g5f6d7s8a9"})
    change.setup(d)
    write(d, "n.md", "k3j2h4g5f6d7s8a")
    assert change.check(d) == 0.0  # one character short of a random token

    paste = MarkorCreateNoteFromClipboard({"file_name": "p.md", "file_content": "q1w2e3r4t5y6", "noise": []})
    paste.setup(d)
    assert d.clipboard_get() == "q1w2e3r4t5y6"
    write(d, "p.md", "q1w2e3r4t5y7")
    assert paste.check(d) == 0.0


def test_editor_text_actions_edit_at_the_cursor(d: SimDevice) -> None:
    d.write_file("/sdcard/Documents/Markor/list.md", b"milk\n")
    d.start_app("net.gsantner.markor")
    tap(d, text="list.md")
    tap(d, rid="document__fragment__edit__highlighting_editor")  # the cursor at the end
    tap(d, desc="Bold")
    d.shell("input text eggs")
    tap(d, desc="Check list")  # toggles the line's "- [ ] " prefix
    assert find(d, rid="document__fragment__edit__highlighting_editor").text == "milk\n- [ ] **eggs**"
    editor = find(d, rid="document__fragment__edit__highlighting_editor").bounds
    bar = find(d, rid="document__fragment__edit__text_actions_bar__scrolling_parent").bounds
    assert bar[1] >= editor[3] - 1  # the bar under the editor, above the keyboard


def test_todo_tab_edits_todo_txt(d: SimDevice) -> None:
    d.write_file("/sdcard/Documents/Markor/todo.txt", b"(A) Call mom\n")
    d.start_app("net.gsantner.markor")
    tap(d, desc="To-Do")
    assert find(d, rid="document__fragment__edit__highlighting_editor").text == "(A) Call mom\n"
    assert find(d, desc="Toggle done") and not any(e.content_description == "Bold" for e in elements(d))
    tap(d, rid="document__fragment__edit__highlighting_editor")
    d.shell("input text Pay%srent")
    assert d.read_file("/sdcard/Documents/Markor/todo.txt") == b"(A) Call mom\nPay rent"
    d.shell("input keyevent 4")
    d.shell("input keyevent 4")
    assert find(d, text="todo.txt")  # back returns to the notebook
