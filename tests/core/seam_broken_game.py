"""A game package that fails to import (the registry reports it in ``BROKEN``)."""

raise RuntimeError("this game is broken on purpose")
