"""Broccoli (``com.flauschcode.broccoli``): recipes in its Room database."""

from __future__ import annotations

import dataclasses

PACKAGE = "com.flauschcode.broccoli"
MAIN_ACTIVITY = "com.flauschcode.broccoli.MainActivity"
DB_NAME = "broccoli"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"



@dataclasses.dataclass(frozen=True)
class Recipe:
    """A row of ``recipes`` (Room schema 1), with the fields and defaults of AndroidWorld's ``Recipe`` row type, so
    either serves as a task parameter. ``recipeId`` is -1 for a recipe not read from the database."""

    title: str
    description: str = ""
    servings: str = ""
    preparationTime: str = ""
    source: str = ""
    ingredients: str = ""
    directions: str = ""
    favorite: int = 0
    imageName: str = ""
    recipeId: int = -1


def as_recipe(row: object) -> Recipe:
    """A row with a recipe's fields (AndroidWorld's ``Recipe``, or this one) as a :class:`Recipe`."""
    if isinstance(row, Recipe):
        return row
    return Recipe(**{f.name: getattr(row, f.name) for f in dataclasses.fields(Recipe) if hasattr(row, f.name)})


__all__ = ["DB_NAME", "DB_PATH", "MAIN_ACTIVITY", "PACKAGE", "Recipe", "as_recipe"]
