"""Lesson content per game (``widgets.lessons.<game>``), used by ``widgets.lesson.Lesson``."""
