"""rackplan: ``python main.py [FILE]`` opens the designer; ``python main.py <command>`` runs headless."""

import sys

from designer.launch import main

if __name__ == "__main__":
    sys.exit(main())
