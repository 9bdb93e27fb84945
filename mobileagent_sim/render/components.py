"""The Material components, one drawing each, that every app's widgets are drawn with.

Material 3's measures where the app is a Material 3 app (Google's and AOSP's), Material 2's (AppCompat and
MaterialComponents themes, most open-source apps) where its theme says so
[material-components-android ``docs/components/*.md``: FAB 56dp (M3: 16dp corners, M2: round), switch track
52x32dp (M2: 34x14dp with a 20dp thumb), filled button 40dp high with full corners, cards 12dp corners (M2: 4dp),
chips 32dp high with 8dp corners, dialogs 28dp corners (M2: 4dp), outlined text fields 4dp corners].
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from mobileagent_sim.render import icons
from mobileagent_sim.render.text import Appearance, Typesetter
from pytest_mobileagent.android.theme import Color, Scheme

Box = tuple[int, int, int, int]

#: The colours Material's letter avatars are drawn on (Material's 2014 palette, 500 shades), picked by name.
AVATAR_COLORS = ("#F44336", "#E91E63", "#9C27B0", "#673AB7", "#3F51B5", "#2196F3", "#03A9F4", "#00BCD4",
                 "#009688", "#4CAF50", "#8BC34A", "#FF9800", "#FF5722", "#795548", "#607D8B")


def stable_index(name: str, count: int) -> int:
    """An index in ``range(count)`` from ``name`` (never Python's salted hash)."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big") % count


@lru_cache(maxsize=64)
def _shadow_mask(w: int, h: int, radius: int, blur: int) -> Image.Image:
    mask = Image.new("L", (w + 4 * blur, h + 4 * blur), 0)
    ImageDraw.Draw(mask).rounded_rectangle((2 * blur, 2 * blur, 2 * blur + w, 2 * blur + h), radius=radius,
                                           fill=90)
    return mask.filter(ImageFilter.GaussianBlur(blur))


@dataclass
class Canvas:
    """The picture being drawn, its scheme and its scale (px per dp)."""

    img: Image.Image
    draw: ImageDraw.ImageDraw
    type: Typesetter
    scheme: Scheme
    scale: float
    material3: bool = True

    def px(self, dp: float) -> int:
        return round(dp * self.scale)

    def c(self, role: str) -> Color:
        return self.scheme.color(role)

    # -- surfaces -------------------------------------------------------------------------------------------

    def shadow(self, box: Box, radius: int, elevation_dp: float) -> None:
        """The ambient shadow of a surface raised ``elevation_dp`` (a blurred, offset silhouette)."""
        x1, y1, x2, y2 = box
        if x2 <= x1 or y2 <= y1 or elevation_dp <= 0:
            return
        blur = max(1, self.px(elevation_dp / 2))
        mask = _shadow_mask(x2 - x1, y2 - y1, radius, blur)
        self.img.paste((0, 0, 0), (x1 - 2 * blur, y1 - 2 * blur + self.px(elevation_dp / 3)), mask)

    def surface(self, box: Box, fill: Color, radius_dp: float = 0, elevation_dp: float = 0,
                outline: Color | None = None, top_only: bool = False) -> None:
        radius = self.px(radius_dp)
        if elevation_dp:
            self.shadow(box, radius, elevation_dp)
        corners = (True, True, False, False) if top_only else None
        if radius:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline,
                                        width=max(1, self.px(1)), corners=corners)
        else:
            self.draw.rectangle(box, fill=fill, outline=outline)

    def divider(self, box: Box) -> None:
        x1, _, x2, y2 = box
        self.draw.line((x1, y2 - 1, x2, y2 - 1), fill=self.c("outline"), width=max(1, self.px(0.5)))

    # -- icons and images -----------------------------------------------------------------------------------

    def icon(self, box: Box, name: str, color: Color, size_dp: float = 24) -> None:
        """The pictogram ``name`` centred in ``box``; an unknown name draws its first letter in a ring (the
        renderer's own look for "no evidence of this icon"), so a test can find it."""
        x1, y1, x2, y2 = box
        size = min(self.px(size_dp), x2 - x1, y2 - y1)
        center = ((x1 + x2) / 2, (y1 + y2) / 2)
        if size > 0 and not icons.draw_icon(self.img, name, center, size, color):
            r = size // 2
            cx, cy = center
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=color, width=max(2, self.px(2)))
            self.type.block((int(cx - r), int(cy - r), int(cx + r), int(cy + r)), (name or "?")[:1].upper(),
                            Appearance(size_dp / 2), color, align="center")

    def letter_avatar(self, box: Box, name: str) -> None:
        """A contact without a photo: the first letter of the name, white on a disc coloured by the name."""
        x1, y1, x2, y2 = box
        d = min(x2 - x1, y2 - y1)
        cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
        disc = (cx - d // 2, cy - d // 2, cx + d // 2, cy + d // 2)
        color = AVATAR_COLORS[stable_index(name, len(AVATAR_COLORS))]
        self.draw.ellipse(disc, fill=color)
        letter = next((ch for ch in name if ch.isalnum()), "")
        if letter:
            self.type.block(disc, letter.upper(), Appearance(d / self.scale * 0.42, 500), (255, 255, 255),
                            align="center")
        else:
            self.icon(disc, "person", (255, 255, 255), d / self.scale * 0.6)

    def picture(self, box: Box, picture: Image.Image, scale_type: str = "fit_center", round_: bool = False) -> None:
        """A picture in ``box`` as ImageView's ``scaleType`` places it: ``fit_center`` (the default: whole, as
        large as fits), ``center_crop`` (fills, cut to the box), ``fit_xy`` (stretched)."""
        x1, y1, x2, y2 = box
        w, h = max(1, x2 - x1), max(1, y2 - y1)
        picture = picture.convert("RGB")
        if scale_type == "fit_xy":
            picture = picture.resize((w, h), Image.Resampling.BILINEAR)
        elif scale_type == "center_crop":
            k = max(w / picture.width, h / picture.height)
            picture = picture.resize((max(w, round(picture.width * k)), max(h, round(picture.height * k))),
                                     Image.Resampling.BILINEAR)
            left, top = (picture.width - w) // 2, (picture.height - h) // 2
            picture = picture.crop((left, top, left + w, top + h))
        else:
            k = min(w / picture.width, h / picture.height)
            picture = picture.resize((max(1, round(picture.width * k)), max(1, round(picture.height * k))),
                                     Image.Resampling.BILINEAR)
        at = (x1 + (w - picture.width) // 2, y1 + (h - picture.height) // 2)
        if round_:
            mask = Image.new("L", picture.size, 0)
            ImageDraw.Draw(mask).ellipse((0, 0, picture.width - 1, picture.height - 1), fill=255)
            self.img.paste(picture, at, mask)
        else:
            self.img.paste(picture, at)

    def strokes(self, box: Box, strokes: tuple[tuple[str, float, tuple[tuple[float, float], ...]], ...]) -> None:
        """Polylines a view draws itself (``View.strokes``: colour, width and points in dp from the box's corner),
        with round joins and caps as a ``Paint`` with ``Cap.ROUND`` draws a path; clipped to the box."""
        x1, y1, x2, y2 = box
        if x2 <= x1 or y2 <= y1:
            return
        layer = self.img.crop(box)
        pen = ImageDraw.Draw(layer)
        for color, width_dp, points in strokes:
            width = max(1, self.px(width_dp))
            xy = [(x * self.scale, y * self.scale) for x, y in points]
            if len(xy) > 1:
                pen.line(xy, fill=color, width=width, joint="curve")
            if width > 2:  # round caps (and a lone point's dot)
                r = width / 2
                for x, y in (xy[0], xy[-1]) if xy else ():
                    pen.ellipse((x - r, y - r, x + r, y + r), fill=color)
        self.img.paste(layer, box[:2])

    # -- controls -------------------------------------------------------------------------------------------

    def fab(self, box: Box, icon: str, label: str = "") -> None:
        """A floating action button: filled, raised 6dp, its icon (and, extended, its label)."""
        x1, y1, x2, y2 = box
        inset = self.px(4)
        box = (x1 + inset, y1 + inset, x2 - inset, y2 - inset)
        h = box[3] - box[1]
        fill = self.c("accent_container") if self.material3 else self.c("accent")
        on = self.c("on_accent_container") if self.material3 else self.c("on_accent")
        radius = min(h // 2, self.px(16)) if self.material3 else h // 2
        self.shadow(box, radius, 6)
        self.draw.rounded_rectangle(box, radius=radius, fill=fill)
        if label:
            icon_box = (box[0] + self.px(16), box[1], box[0] + self.px(40), box[3])
            if icon:
                self.icon(icon_box, icon, on)
            text_box = (icon_box[2] + self.px(8) if icon else box[0] + self.px(16), box[1], box[2] - self.px(16),
                        box[3])
            self.type.block(text_box, label, Appearance(14, 500), on)
        else:
            self.icon(box, icon, on)

    def button(self, box: Box, label: str, kind: str, enabled: bool = True, icon: str = "") -> None:
        """A button: ``filled`` (40dp, full corners, primary), ``tonal``, ``outlined`` or ``text`` (a dialog's:
        no container, the label in primary)."""
        x1, y1, x2, y2 = box
        h = min(y2 - y1, self.px(40))
        top = y1 + (y2 - y1 - h) // 2
        pill = (x1 + self.px(4), top, x2 - self.px(4), top + h)
        radius = h // 2 if self.material3 else self.px(4)
        label_color = self.c("primary")
        if kind == "filled":
            self.draw.rounded_rectangle(pill, radius=radius, fill=self.c("accent") if enabled else self.c("outline"))
            label_color = self.c("on_accent")
        elif kind == "tonal":
            self.draw.rounded_rectangle(pill, radius=radius, fill=self.c("surface_variant"))
            label_color = self.c("on_surface")
        elif kind == "outlined":
            self.draw.rounded_rectangle(pill, radius=radius, outline=self.c("outline"), width=max(1, self.px(1)))
        if not enabled and kind != "filled":
            label_color = self.c("outline")
        if label:
            look = Appearance(14, 500, caps=not self.material3 and kind == "text")
            room = pill[2] - pill[0] - self.type.width(label.upper() if look.caps else label, self.type.px(14), 500)
            pad = self.px(12) if room >= 2 * self.px(12) else max(0, int(room) // 2)
            self.type.block(pill, label, look, label_color, align="center", max_lines=1, pad=pad)
        elif icon:
            self.icon(pill, icon, label_color)

    def switch(self, box: Box, checked: bool, enabled: bool = True) -> None:
        x1, y1, x2, y2 = box
        cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
        if self.material3:
            w, h = self.px(52), self.px(32)
            track = (cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2)
            if checked:
                self.draw.rounded_rectangle(track, radius=h // 2, fill=self.c("accent"))
                r = self.px(12)
                kx = track[2] - h // 2
                self.draw.ellipse((kx - r, cy - r, kx + r, cy + r), fill=self.c("on_accent"))
            else:
                self.draw.rounded_rectangle(track, radius=h // 2, fill=self.c("surface_variant"),
                                            outline=self.c("outline"), width=max(1, self.px(2)))
                r = self.px(8)
                kx = track[0] + h // 2
                self.draw.ellipse((kx - r, cy - r, kx + r, cy + r), fill=self.c("outline"))
            return
        w, h = self.px(34), self.px(14)
        track = (cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2)
        accent = self.c("accent")
        faded = tuple((a + b) // 2 for a, b in zip(accent, self.c("background")))
        self.draw.rounded_rectangle(track, radius=h // 2, fill=faded if checked else (185, 185, 185))
        r = self.px(10)
        kx = track[2] - r // 2 if checked else track[0] + r // 2
        self.shadow((kx - r, cy - r, kx + r, cy + r), r, 1)
        self.draw.ellipse((kx - r, cy - r, kx + r, cy + r), fill=accent if checked else (236, 236, 236))

    def check_box(self, box: Box, checked: bool) -> None:
        s = self.px(18)
        x1, y1, _, y2 = box
        cy = (y1 + y2) // 2
        square = (x1, cy - s // 2, x1 + s, cy + s // 2)
        if checked:
            self.draw.rounded_rectangle(square, radius=self.px(2), fill=self.c("accent"))
            self.icon(square, "check", self.c("on_accent"), 16)
        else:
            self.draw.rounded_rectangle(square, radius=self.px(2), outline=self.c("on_surface_variant"),
                                        width=max(2, self.px(2)))

    def radio(self, box: Box, checked: bool) -> None:
        s = self.px(20)
        x1, y1, _, y2 = box
        cy = (y1 + y2) // 2
        ring = (x1, cy - s // 2, x1 + s, cy + s // 2)
        color = self.c("accent") if checked else self.c("on_surface_variant")
        self.draw.ellipse(ring, outline=color, width=max(2, self.px(2)))
        if checked:
            d = self.px(5)
            self.draw.ellipse((ring[0] + d, ring[1] + d, ring[2] - d, ring[3] - d), fill=color)

    def slider(self, box: Box, fraction: float) -> None:
        x1, y1, x2, y2 = box
        cy = (y1 + y2) // 2
        pad = self.px(16)
        left, right = x1 + pad, x2 - pad
        mid = left + int((right - left) * min(1.0, max(0.0, fraction)))
        t = self.px(2)
        self.draw.rounded_rectangle((left, cy - t, right, cy + t), radius=t, fill=self.c("surface_variant"))
        self.draw.rounded_rectangle((left, cy - t, max(left + t, mid), cy + t), radius=t, fill=self.c("accent"))
        r = self.px(10)
        self.draw.ellipse((mid - r, cy - r, mid + r, cy + r), fill=self.c("accent"))

    def text_field(self, box: Box, text: str, label: str, focused: bool, look: Appearance,
                   outlined: bool) -> tuple[int, int, int, int]:
        """An edit field's frame (outlined, with its label on the border when it has text, or underlined, as
        an AppCompat EditText), and the box its text goes in."""
        x1, y1, x2, y2 = box
        color = self.c("accent") if focused else self.c("outline")
        width = max(1, self.px(2 if focused else 1))
        if outlined:
            frame = (x1 + self.px(4), y1 + self.px(6), x2 - self.px(4), y2 - self.px(2))
            self.draw.rounded_rectangle(frame, radius=self.px(4), outline=color, width=width)
            if text and label:
                small = Appearance(12)
                size = self.type.px(12)
                lw = int(self.type.width(label, size)) + self.px(8)
                lx = frame[0] + self.px(12)
                bg = self.img.getpixel((max(0, frame[0] - 2), max(0, frame[1] + self.px(2))))
                self.draw.rectangle((lx, frame[1] - size // 2, lx + lw, frame[1] + size // 2), fill=bg)
                self.type.block((lx + self.px(4), frame[1] - size, lx + lw, frame[1] + size), label, small,
                                color, max_lines=1)
            return frame
        self.draw.rectangle((x1 + self.px(4), y2 - self.px(2 if focused else 1) - self.px(6), x2 - self.px(4),
                             y2 - self.px(6)), fill=color)
        return box

    def chip(self, box: Box, label: str, selected: bool) -> None:
        x1, y1, x2, y2 = box
        h = min(y2 - y1 - self.px(4), self.px(32))
        top = y1 + (y2 - y1 - h) // 2
        pill = (x1 + self.px(2), top, x2 - self.px(2), top + h)
        radius = self.px(8) if self.material3 else h // 2
        if selected:
            self.draw.rounded_rectangle(pill, radius=radius, fill=self.c("accent_container"))
        elif self.material3:
            self.draw.rounded_rectangle(pill, radius=radius, outline=self.c("outline"), width=max(1, self.px(1)))
        else:
            self.draw.rounded_rectangle(pill, radius=radius, fill=self.c("surface_variant"))
        self.type.block(pill, label, Appearance(14, 500), self.c("on_surface"), align="center", max_lines=1,
                        pad=self.px(12))

    def bubble(self, box: Box, outgoing: bool) -> Color:
        """A message bubble (outgoing in the accent, incoming in the surface variant); the colour of its text."""
        x1, y1, x2, y2 = box
        inset = self.px(2)
        fill = self.c("accent") if outgoing else self.c("surface_variant")
        self.draw.rounded_rectangle((x1 + inset, y1 + inset, x2 - inset, y2 - inset), radius=self.px(18),
                                    fill=fill)
        return self.c("on_accent") if outgoing else self.c("on_surface")

    def tab_indicator(self, box: Box) -> None:
        x1, _, x2, y2 = box
        h = self.px(3)
        self.draw.rounded_rectangle((x1 + self.px(8), y2 - h, x2 - self.px(8), y2), radius=h // 2,
                                    fill=self.c("primary"), corners=(True, True, False, False))
