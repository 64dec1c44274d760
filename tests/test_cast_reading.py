

def test_a_german_word_after_a_creature_is_what_it_gets_not_its_name() -> None:
    """'gibt dem Hund Wasser': water, not a dog called Wasser; 'der Hund Rex' and 'Frau Weber' keep their names."""
    from services.story.scene_plan import build_plan

    assert "Wasser" not in [m.name for m in build_plan("Lena gibt dem Hund Wasser.", 3).cast]
    assert "Rex" in [m.name for m in build_plan("Der Hund Rex frisst die Wurst", 3).cast]
    assert any("Weber" in m.name for m in build_plan("Frau Weber schreibt einen Brief", 3).cast)
