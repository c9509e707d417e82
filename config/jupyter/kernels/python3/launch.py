"""The kernel of ``make app``: ipykernel with a memory limit, so one kernel cannot take the
machine (issue 30). ``GAMEKIT_KERNEL_MEMORY`` MiB of address space (``RLIMIT_AS``; set by
``config/voila.py``, 0 = no limit): past it an allocation fails with ``MemoryError`` in that
kernel only. This kernel spec replaces ``python3`` for the server (``JUPYTER_PATH``); its
``kernel.json`` caps malloc arenas and BLAS threads, which reserve address space by the 64 MB
(docs/frontend.md, "Limits")."""

import os
import resource
import sys

text = os.environ.get("GAMEKIT_KERNEL_MEMORY", "0").strip() or "0"
mib = int(text) if text.isdigit() else 0
if mib > 0:
    limit = mib * 2**20
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
sys.path[:] = [p for p in sys.path if p != os.path.dirname(os.path.abspath(__file__))]

from ipykernel import kernelapp  # noqa: E402  (after the limit: the kernel lives under it)

kernelapp.launch_new_instance()
