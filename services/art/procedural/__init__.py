"""The procedural renderer: scenery, characters, props, effects and styles drawn with Pillow."""
