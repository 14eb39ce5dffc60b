"""rackplan: ``python main.py [FILE]`` opens the designer; ``python main.py <command>`` runs headless."""

from designer.launch import start

if __name__ == "__main__":
    start()
