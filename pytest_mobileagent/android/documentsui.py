"""Files (DocumentsUI, ``com.google.android.documentsui``): the system file manager and document picker.

The Google build's package hosts AOSP's ``com.android.documentsui`` activities.
"""

from __future__ import annotations

from urllib.parse import quote

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

__all__ = ["CATEGORY_ROOTS", "DIRECTORY_TAG", "DOWNLOADS_AUTHORITY", "EXTERNAL_AUTHORITY", "MAIN_ACTIVITY",
           "MEDIA_AUTHORITY", "PACKAGE", "PICK_ACTIVITY", "document_uri"]
