"""Lesson content per game (``gamekit_widgets.lessons.<game>``), used by ``gamekit_widgets.lesson.Lesson``."""
