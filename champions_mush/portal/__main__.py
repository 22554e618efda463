"""``python -m champions_mush.portal``: the portal process (started by ``serve``)."""

import sys

from .process import main

sys.exit(main())
