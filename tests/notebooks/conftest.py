def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "binder: installs binder/requirements.txt into a fresh venv (slow; run with -m binder "
        "or GAMEKIT_BINDER_INSTALL=1)",
    )
