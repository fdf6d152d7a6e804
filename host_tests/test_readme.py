"""README's commands: the test command is exactly what CI runs; the play command is there."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(*parts):
    with open(os.path.join(ROOT, *parts)) as f:
        return f.read()


def command_after(text, label):
    """The first non-empty line after the line that starts with ``label``."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith(label):
            for nxt in lines[i + 1:]:
                if nxt.strip():
                    return nxt.strip()
    raise AssertionError("no %r in README.md" % label)


def ci_command():
    """The last command line of .ci/run (comments, shell options and cd skipped)."""
    cmds = []
    for line in read(".ci", "run").splitlines():
        s = line.strip()
        if not s or s.startswith("#") or s.startswith("set ") or s.startswith("cd "):
            continue
        cmds.append(s)
    assert cmds, ".ci/run runs nothing"
    return cmds[-1]


def test_readme_test_command_is_what_ci_runs():
    readme = read("README.md")
    cmd = command_after(readme, "**Test**")
    assert cmd == ci_command()
    assert "pytest" in cmd and "host_tests" in cmd


def test_readme_opens_with_the_commands():
    readme = read("README.md")
    assert readme.index("**Play**") < readme.index("**Test**") < readme.index("## ")


def test_readme_play_command():
    readme = read("README.md")
    cmd = command_after(readme, "**Play**")
    assert cmd.startswith("bash tools/setup.sh && ")
    assert "tools/sim.py" in cmd
