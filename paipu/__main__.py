"""``python -m paipu`` runs the command line, as the ``paipu`` command does (:mod:`paipu_main`)."""

import sys

from paipu_main import main

sys.exit(main())
