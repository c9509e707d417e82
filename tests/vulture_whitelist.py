"""Names the dead-code check (``tests/test_house_deadcode.py``, vulture) must not report:
each one is used by something vulture cannot see. Add a name only with its reason."""

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

# config/voila.py: traitlets settings read by Voila / Jupyter Server from the config object
_.multi_kernel_manager_class
_.kernel_websocket_connection_class
_.preheat_kernel
_.http_keep_alive_timeout
_.iopub_timeout
_.startup_timeout
_.cull_idle_timeout
_.cull_connected
_.cull_busy
_.tornado_settings
# config/voila.py: a Jupyter Server kernel-manager hook it calls, and the attribute it reads
_.start_watching_activity
_.last_kernel_activity
# gamekit/analysis/readable.py: the pandas subclassing hook
_._constructor
# gamekit/core/actions.py: shlex reads these settings of its lexer
_.whitespace_split
_.commenters
# gamekit/core/i18n_po.py: babel's Catalog reads its plural settings from these
_._num_plurals
_._plural_expr
# gamekit/core/i18n.py: CATALOG.add_defaults, documented API for third-party games
# (docs/i18n.md)
_.add_defaults
# gamekit/games/gaia/components.py: fields of the board-action records, mirrored from
# data/board.json (the data's shape, checked on load)
_.then
_.requires
# widgets/__init__.py: the module-level __getattr__ of PEP 562 (lazy FlowsPanel)
_.__getattr__
# widgets/click_cost.py: a fake comm's publish_msg, called by ipywidgets with this signature
_.publish_msg
_.msg_type
_.metadata
# gamekit/games/bluemoon/data.py: the colour indices are named as one table (colour == people
# index); a few are read only through COLOURS/COLOUR_INDEX
_.BLUE
_.GREY
_.RED
_.YELLOW
