"""Resources are found from an installed wheel, not only from a checkout."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_wheel_carries_catalog_and_examples(tmp_path):
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
        ],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    [wheel] = wheels.glob("rackplan-*.whl")
    target = tmp_path / "site"
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr[-2000:]
    script = (
        "import designer, sys\n"
        "from designer.core.catalog import default_catalog, projects_dir, resources_dir\n"
        "assert designer.__file__.startswith(sys.argv[1]), designer.__file__\n"
        "print(len(default_catalog().racks), resources_dir(), len(list(projects_dir().glob('*.json'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(target)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    count, resources, examples = out.stdout.split()
    assert int(count) >= 11
    assert resources == str(target / "designer" / "_resources")
    assert int(examples) >= 4
