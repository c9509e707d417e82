"""Voilà configuration of ``make app`` (read through ``--Voila.config_file_paths``).

A classroom on one machine (see README, "Running it for a class"):

- Pre-heated kernels: each play app keeps a pool of kernels that have already run its notebook
  (``preheat_kernel``), so a person who opens it gets a running app at once instead of waiting
  for a kernel to start and import everything. ``GAMEKIT_POOL`` kernels per play app (default
  2); with ``GAMEKIT_CLASS=<game>`` that game's play app gets the whole pool and the others one
  kernel each. Other notebooks (the index, lessons, analyses) start a kernel when opened.
- Culling as Binder does: a kernel idle for ``GAMEKIT_CULL`` seconds (default 600) with no
  browser connected is shut down (pooled kernels are never culled).
- Closing a tab shuts its kernel: Voilà's page posts to ``/voila/api/shutdown/<kernel id>``
  with the ``_xsrf`` cookie, which Voilà alone never sets, so the request failed with 403 and
  kernels piled up. This server has no login: every request is anonymous, so an XSRF check
  protects nothing here (a forged request could do no more than a direct one); the only POST
  it serves is that shutdown, which needs the kernel's random id (122 bits). The check is off
  for this standalone server only; the Binder path (Jupyter Server with a token) keeps it.
"""

import os

c = get_config()  # noqa: F821  (traitlets config files get ``get_config`` injected)

POOL = int(os.environ.get("GAMEKIT_POOL", "2"))
CLASS = os.environ.get("GAMEKIT_CLASS", "")
PLAY_APPS = ("wonderful", "race", "bluemoon")
if CLASS and CLASS not in PLAY_APPS:
    raise ValueError(f"GAMEKIT_CLASS={CLASS!r}: choose one of {', '.join(PLAY_APPS)}")

c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.template = "gamekit"
c.VoilaConfiguration.http_keep_alive_timeout = 5
c.VoilaKernelManager.kernel_pools_config = {
    "default": {"pool_size": 0},
    **{f"{game}/play.ipynb": {"pool_size": POOL if CLASS in ("", game) else 1}
       for game in PLAY_APPS},
}
# refill the pool a few seconds after kernels are taken (not while a wave of people arrives)
c.VoilaKernelManager.fill_delay = float(os.environ.get("GAMEKIT_FILL_DELAY", "5"))

c.MappingKernelManager.cull_idle_timeout = int(os.environ.get("GAMEKIT_CULL", "600"))
c.MappingKernelManager.cull_interval = int(os.environ.get("GAMEKIT_CULL_INTERVAL", "30"))
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False

c.Voila.tornado_settings = {"disable_check_xsrf": True}
