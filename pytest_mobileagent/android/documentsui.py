"""Files (DocumentsUI, ``com.google.android.documentsui``): the system file manager and document picker.

The Google build's package hosts AOSP's ``com.android.documentsui`` activities. Its resource ids and strings are
AOSP DocumentsUI's: :data:`EVIDENCE` cites the layout, menu or strings file of each (LineageOS's mirror of
``packages/apps/DocumentsUI``).
"""

from __future__ import annotations

from urllib.parse import quote

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.documentsui"
MAIN_ACTIVITY = "com.android.documentsui.files.FilesActivity"
PICK_ACTIVITY = "com.android.documentsui.picker.PickActivity"
#: ``DirectoryFragment.showDirectory`` logs ``Showing directory: <DocumentInfo.debugString(doc)>`` (the document's
#: URI) at debug level when a folder or a root is opened (AOSP DocumentsUI ``dirlist/DirectoryFragment.java``,
#: ``base/DocumentInfo.java``); "Recent" is ``showRecentsOpen`` and logs nothing.
DIRECTORY_TAG = "DirectoryFragment"
MEDIA_AUTHORITY = "com.android.providers.media.documents"
DOWNLOADS_AUTHORITY = "com.android.providers.downloads.documents"
EXTERNAL_AUTHORITY = "com.android.externalstorage.documents"
#: The category roots of the drawer: (title, authority, root document id, MIME prefix listed or "" for a folder).
#: Ids: MediaDocumentsProvider's ``TYPE_IMAGES_ROOT``/``TYPE_VIDEOS_ROOT``/``TYPE_AUDIO_ROOT``,
#: DownloadStorageProvider's ``DOC_ID_ROOT`` (``Constants.STORAGE_ROOT_ID = "downloads"``).
CATEGORY_ROOTS = (
    ("Images", MEDIA_AUTHORITY, "images_root", "image/"),
    ("Videos", MEDIA_AUTHORITY, "videos_root", "video/"),
    ("Audio", MEDIA_AUTHORITY, "audio_root", "audio/"),
    ("Downloads", DOWNLOADS_AUTHORITY, "downloads", ""),
)


def document_uri(authority: str, document_id: str) -> str:
    """``DocumentsContract.buildDocumentUri``, id percent-encoded (``primary:Download``: ``primary%3ADownload``)."""
    return f"content://{authority}/document/{quote(document_id, safe='')}"

APP_VERSION = "AOSP DocumentsUI of Android 13 (the google_apis image AndroidWorld pins), as LineageOS mirrors it"
_AOSP = "LineageOS/android_packages_apps_DocumentsUI"


def _aosp(path: str, note: str = "") -> Source:
    return Source(_AOSP, path, note=note)


EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _aosp("AndroidManifest.xml", ".files.FilesActivity"),
    key("activity", PICK_ACTIVITY): _aosp("AndroidManifest.xml", ".picker.PickActivity"),
    **entries("id", ("action_menu_delete", "action_menu_share"), _aosp("res/menu/action_mode_menu.xml")),
    key("id", "option_menu_search"): _aosp("res/menu/activity.xml"),
    key("id", "breadcrumb_text"): _aosp("res/layout/navigation_breadcrumb_item.xml"),
    **entries("id", ("container_save", "drawer_roots"), _aosp("res/layout/drawer_layout.xml")),
    key("id", "dir_list"): _aosp("res/layout/fragment_directory.xml"),
    key("id", "horizontal_breadcrumb"): _aosp("res/layout/directory_header.xml"),
    key("id", "item_root"): _aosp("res/layout/item_doc_list.xml", "a document row"),
    key("id", "message"): _aosp("res/layout/item_doc_inflated_message_content.xml"),
    key("id", "roots_list"): _aosp("res/layout/fragment_roots.xml"),
    key("id", "toolbar"): _aosp("res/layout-sw720dp/directory_app_bar.xml"),
    key("id", "action_mode_close_button"): Unconfirmed("AppCompat's action mode close button (an androidx id in "
                                                       "the app's namespace); not traced to a file here"),
    **{key("text", t): _aosp("res/values/strings.xml", name) for t, name in (
        ("Show roots", "drawer_open"), ("Hide roots", "drawer_close"), ("Recent", "root_recent"),
        ("Delete", "menu_delete"), ("Share", "menu_share"), ("Search", "menu_search"), ("No items", "empty"))},
    **entries("text", ("Files", "Images", "Videos", "Audio", "Downloads", "Just once", "Always", "Cancel", "OK"),
              UNCONFIRMED),
    **framework("content", "parentPanel", "alertTitle", "message", "buttonPanel", "button1", "button2", "title",
                "summary", "text1", "button_always", "button_once"),
    # icons, by the Material name of the drawable DocumentsUI names
    key("icon", "Search"): _aosp("res/menu/activity.xml", "option_menu_search: ic_menu_search (search)"),
    key("icon", "Share"): _aosp("res/menu/action_mode_menu.xml", "action_menu_share: ic_menu_share (share)"),
    key("icon", "Delete"): _aosp("res/menu/action_mode_menu.xml", "action_menu_delete: ic_menu_delete (delete)"),
    key("icon", "Show roots"): Unconfirmed("the drawer toggle's hamburger (menu), ActionBarDrawerToggle's"),
    key("icon", "item_root"): _aosp("src/com/android/documentsui/IconUtils.java",
                                    "loadMimeIcon: ic_doc_folder, ic_doc_image, ic_doc_video, ic_doc_audio, "
                                    "ic_doc_pdf, ic_doc_text, ic_doc_generic (folder, image, video_file, audio_file, "
                                    "picture_as_pdf, description, draft)"),
    key("icon", "roots_list"): Unconfirmed("the roots' icons come from their providers (ic_root_recent, "
                                           "MediaProvider's and DownloadProvider's, ExternalStorageProvider's "
                                           "ic_root_smartphone): schedule, image, videocam, audiotrack, download, "
                                           "smartphone"),
    key("icon", "android:id/text1"): Unconfirmed("the chooser's rows show each app's launcher icon"),
    key("icon", "Done"): Unconfirmed("the action mode's close button: a cross (close)"),
}

__all__ = [
    "APP_VERSION",
    "CATEGORY_ROOTS",
    "DIRECTORY_TAG",
    "DOWNLOADS_AUTHORITY",
    "EVIDENCE",
    "EXTERNAL_AUTHORITY",
    "MAIN_ACTIVITY",
    "MEDIA_AUTHORITY",
    "PACKAGE",
    "PICK_ACTIVITY",
    "document_uri",
]

#: The launcher icon on AndroidArena's phone: a white folder on blue.
LAUNCHER_ICON = LauncherIcon("#4A92EF", "folder", foreground="#FFFFFF",
                             source=arena_drawer("a white folder on blue"))
