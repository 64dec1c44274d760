"""One thing of the vocabulary: a plain English noun, what it is in a picture, and how it is drawn."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

VocabularyRole = Literal["cast", "prop", "setting", "weather"]
PEOPLE_KINDS = ("person", "child", "elder")


class Entry(BaseModel):
    """A drawable noun: 'whale' (cast, pictogram 1F40B), 'paris' (setting, street, landmark 'eiffel tower')."""

    model_config = ConfigDict(frozen=True)

    noun: str = Field(description="Plain English, singular, lower case.")
    role: VocabularyRole
    code: str | None = Field(None, description="OpenMoji code points, e.g. '1F40B'; None when nothing shows it.")
    kind: str | None = Field(None, description="The procedural character kind, setting or weather that draws it.")
    landmark: str | None = Field(None, description="For a place: the noun of the landmark that names it.")
    gender: Literal["female", "male"] | None = None
    holds: str | None = Field(None, description="What the role carries: a violinist's violin, a knight's sword.")

    @property
    def is_person(self) -> bool:
        return self.role == "cast" and self.kind in PEOPLE_KINDS
