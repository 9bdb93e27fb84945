"""Simple Gallery Pro (``com.simplemobiletools.gallery.pro``): the photos in shared storage, viewed and copied.

The state is the image files themselves. Screens: the folders that hold images (name and count),
a folder's images (list view with file names), the full-screen viewer that draws the photo itself
(so text in a receipt can be read from a screenshot), and long-press selection (AppCompat's action mode, "1 / N")
whose overflow menu has "Copy to" / "Move to". Those ask for a destination in ``PickDirectoryDialog`` ("Select
destination": the folders that hold media, and "Other folder", which opens Simple-Commons' ``FilePickerDialog``,
"Select a folder", to browse storage and confirm with OK), as Simple Gallery 6.28.1 does.
"""

from __future__ import annotations

import posixpath
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.apps.simple_commons import STORAGE, file_picker, matches, search_menu
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    Frame,
    Grid,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.gallery import (
    DIR_COLUMNS,
    MAIN_ACTIVITY,
    MEDIA_ACTIVITY,
    MEDIA_COLUMNS,
    PACKAGE,
    VIEW_PAGER_ACTIVITY,
)

IMAGE_EXT = (".jpg", ".jpeg", ".png", ".webp", ".gif")
#: gradient_background.xml (under a tile's texts): gradient_grey_start #CC000000 fading to transparent upwards,
#: drawn as one band of its mean shade
SHADOW = "#00000066"


def images_in(app: App, folder: str) -> list[str]:
    """A folder's images in the app's default order: last modified first (Config.fileSorting)."""
    fs = app.system.fs
    if not fs.isdir(folder):
        return []
    paths = [posixpath.join(folder, n) for n in fs.listdir(folder) if n.lower().endswith(IMAGE_EXT)]
    return sorted(paths, key=lambda p: (-(getattr(fs.stat(p), "st_mtime", 0) or 0), posixpath.basename(p).lower()))


def folders_with_images(app: App) -> list[tuple[str, int]]:
    """(folder, number of images) of every folder under storage holding images, by name."""
    fs = app.system.fs
    found: dict[str, int] = {}
    for path in fs.walk_files(STORAGE):
        if path.lower().endswith(IMAGE_EXT) and "/Android/" not in path and "/." not in path:
            folder = posixpath.dirname(path)
            found[folder] = found.get(folder, 0) + 1
    return sorted(found.items(), key=lambda f: posixpath.basename(f[0]).lower())


def directory_row(folder: str, count: int, on_click: Any) -> View:
    """A folder row of ``directory_item_list.xml``: name and media count."""
    return ListItem(posixpath.basename(folder), str(count), on_click, id="dir_holder", title_id="dir_name",
                    summary_id="photo_cnt", icon="folder")


def width_dp(app: App) -> float:
    return app.system.width * 160 / app.system.density


def thumbnail(path: str, rid: str, size: float) -> View:
    """A MySquareImageView showing a photo cut to its square (Glide's centerCrop, as the adapters load it)."""
    return View(cls="android.widget.ImageView", id=rid, icon=path, style="bitmap", scale_type="center_crop",
                height=size)


def directory_tile(app: App, folder: str, count: int, on_click: Any, size: float) -> View:
    """A folder tile of ``directory_item_grid_square.xml`` (the default folder style): the cover, the newest photo,
    filling the square, with the name and the media count at its bottom."""
    cover = images_in(app, folder)[:1]
    shadow = Column(View(weight=1), View(cls="android.widget.ImageView", id="dir_shadow_holder", height=70,
                                         background=SHADOW))
    texts = Column(View(weight=1), Text(posixpath.basename(folder), id="dir_name", style="on-picture", height=24),
                   Text(str(count), id="photo_cnt", style="on-picture", height=24),
                   id="dir_bottom_holder", padding=4)
    return Frame(thumbnail(cover[0], "dir_thumbnail", size) if cover else View(id="dir_thumbnail", height=size),
                 shadow, texts, id="dir_holder", cls="android.widget.RelativeLayout", clickable=True, focusable=True,
                 on_click=on_click, height=size)


def tile_grid(tiles: list[View], columns: int, size: float) -> View:
    """A GridLayoutManager's rows of square tiles."""
    return Grid(*tiles, columns=columns, height=-(-len(tiles) // columns) * size)


def media_tile(path: str, on_click: Any, on_long_click: Any, selected: bool, size: float) -> View:
    """A photo tile of ``photo_item_grid.xml``: the photo filling the square, its name at the bottom, and the check
    of a selected item at the top end."""
    check = Row(View(weight=1), View(cls="android.widget.ImageView", id="medium_check", icon="check_circle",
                                     width=40, height=40), height=40) if selected else None
    name = Column(View(weight=1), Text(posixpath.basename(path), id="medium_name", style="on-picture", height=28,
                                                background=SHADOW))
    return Frame(thumbnail(path, "medium_thumbnail", size), Column(check, View(weight=1)), name,
                 id="media_item_holder", cls="android.widget.RelativeLayout", clickable=True, focusable=True,
                 long_clickable=True, on_click=on_click, on_long_click=on_long_click, selected=selected, height=size)


class MainActivity(Activity):
    """The folders."""

    name = MAIN_ACTIVITY
    exported = True

    def build(self) -> View:
        size = width_dp(self.app) / DIR_COLUMNS
        tiles = [directory_tile(self.app, folder, count, lambda f=folder: self.start(MediaActivity, folder=f), size)
                 for folder, count in folders_with_images(self.app) if matches(self, posixpath.basename(folder))]
        listing = Scroll(tile_grid(tiles, DIR_COLUMNS, size), id="directories_grid", weight=1) if tiles else \
            Text("No media files have been found with the selected filters.", id="directories_empty_placeholder",
                 weight=1)
        return Column(search_menu(self, "main_menu", "Search folders"), listing, id="directories_coordinator")

    def menu_items(self, name: str):
        return [("Settings", self.close_menu), ("About", self.close_menu)]


class MediaActivity(Activity):
    """One folder's images; long press selects, and the overflow copies or moves the selection."""

    name = MEDIA_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.selected: list[str] = []
        self.operation = "copy"
        self.browse = STORAGE  # the folder FilePickerDialog shows

    @property
    def folder(self) -> str:
        return self.intent.extras["folder"]

    def build(self) -> View:
        shown = [p for p in images_in(self.app, self.folder) if matches(self, posixpath.basename(p))]
        size = width_dp(self.app) / MEDIA_COLUMNS
        tiles = [media_tile(p, lambda p=p: self.tapped(p), lambda p=p: self.toggle(p), p in self.selected, size)
                 for p in shown]
        if self.selected:  # AppCompat's action mode with cab_media.xml (Delete and Share always shown)
            bar = View(cls="android.view.ViewGroup", id="action_mode_bar", orientation="horizontal", height=64,
                       style="toolbar", children=[
                           ImageButton("Done", self.clear_selection, icon="arrow_back", id="action_mode_close_button"),
                           Text(f"{len(self.selected)} / {len(shown)}", style="title", weight=1, height=56),
                           ImageButton("Delete", self.delete, icon="delete", id="cab_delete"),
                           ImageButton("Share", None, icon="share", id="cab_share"),
                           ImageButton("More options", lambda: self.open_menu("selection"), icon="more_vert")])
        else:
            bar = search_menu(self, "media_menu", f"Search in {posixpath.basename(self.folder)}")
        return Column(bar, Scroll(tile_grid(tiles, MEDIA_COLUMNS, size), id="media_grid", weight=1),
                      id="media_coordinator")

    def clear_selection(self) -> None:
        self.selected = []

    def tapped(self, path: str) -> None:
        if self.selected:
            self.toggle(path)
        else:
            self.start(ViewPagerActivity, path=path)

    def toggle(self, path: str) -> None:
        if path in self.selected:
            self.selected.remove(path)
        else:
            self.selected.append(path)

    def menu_items(self, name: str):
        if name == "main":
            return [("Settings", self.close_menu)]
        return [("Properties", self.close_menu), ("Rename", self.close_menu), ("Copy to", lambda: self.pick("copy")),
                ("Move to", lambda: self.pick("move")), ("Create shortcut", self.close_menu),
                ("Select all", self.select_all)]

    def select_all(self) -> None:
        self.close_menu()
        self.selected = list(images_in(self.app, self.folder))

    def pick(self, operation: str) -> None:
        self.close_menu()
        self.operation = operation
        self.dialog = "destination"

    def build_dialog(self, name: str) -> View:
        if name == "other":
            return self.file_picker()
        # PickDirectoryDialog (dialog_directory_picker.xml): the folders that hold media
        rows = [directory_row(f, n, lambda f=f: self.transfer(f)) for f, n in folders_with_images(self.app)]
        return Dialog("Select destination", Scroll(*rows, id="directories_grid", height=520),
                      buttons=[Button("Other folder", self.other_folder, id="android:id/button3"), View(weight=1),
                               Button("Cancel", self.cancel, id="android:id/button2"),
                               Button("OK", None, id="android:id/button1")])

    def other_folder(self) -> None:
        self.browse = STORAGE
        self.dialog = "other"

    def file_picker(self) -> View:
        return file_picker(self, self.browse, lambda f: setattr(self, "browse", f), self.cancel, self.transfer)

    def on_back(self) -> bool:
        if self.dialog == "other" and self.browse != STORAGE:
            self.browse = posixpath.dirname(self.browse)
            return True
        if not (self.menu or self.dialog) and self.selected:
            self.selected = []
            return True
        return super().on_back()

    def cancel(self) -> None:
        self.dialog = None

    def transfer(self, folder: str) -> None:
        if folder == self.folder:
            self.toast("Source and destination cannot be the same")
            return
        fs = self.system.fs
        for path in self.selected:
            target = posixpath.join(folder, posixpath.basename(path))
            if fs.exists(target):
                continue
            if self.operation == "move":
                fs.move(path, target)
            else:
                fs.write(target, fs.read(path))
        self.toast("Moving\u2026" if self.operation == "move" else "Copying\u2026")
        self.selected, self.dialog = [], None

    def delete(self) -> None:
        for path in self.selected:
            self.system.fs.remove(path)
        self.selected = []


class ViewPagerActivity(Activity):
    """One photo, full screen."""

    name = VIEW_PAGER_ACTIVITY

    def build(self) -> View:
        path = self.intent.extras["path"]
        # activity_medium.xml: the pager fills the screen (pager_photo_item.xml's gestures_view: the photo whole and
        # as large as fits, on the window's background: ViewPagerActivity), the medium_viewer_toolbar over its top
        photo = View(cls="android.widget.ImageView", id="gestures_view", desc=posixpath.basename(path), icon=path,
                     style="bitmap", scale_type="fit_center")
        return Frame(View(cls="androidx.viewpager.widget.ViewPager", id="view_pager", children=[photo],
                          orientation="stack"),
                     Column(Toolbar(posixpath.basename(path), navigate_up=self.finish, id="medium_viewer_toolbar"),
                            View(weight=1)),
                     id="fragment_holder", cls="android.widget.RelativeLayout")


class GalleryApp(App):
    package = PACKAGE
    label = "Gallery"
    icon = "photo"
    activities = (MainActivity, MediaActivity, ViewPagerActivity)
    uid = 10066


__all__ = ["GalleryApp", "MainActivity", "MediaActivity", "ViewPagerActivity"]
