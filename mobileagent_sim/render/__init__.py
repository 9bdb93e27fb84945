"""The screenshot renderer: :mod:`.screen` draws a phone's windows with the Material components of
:mod:`.components`, text by :mod:`.text` in the fonts of :mod:`.fonts`, icons by :mod:`.icons`."""
