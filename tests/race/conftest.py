import sys
from pathlib import Path

# make tests/race/race_helpers.py importable (pytest runs with --import-mode=importlib)
sys.path.insert(0, str(Path(__file__).parent))
