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


def slug(heading):
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to '-'."""
    s = heading.strip().lower()
    s = "".join(c for c in s if c.isalnum() or c in " -_")
    return s.replace(" ", "-")


def test_readme_and_docs_links_resolve():
    """Every relative link in README.md, docs/ai.md, docs/device.md and docs/playing.md names a file that exists, and its
    #anchor a heading of that file (the figures moved to docs/ stay reachable)."""
    import re
    sources = ["README.md", "docs/ai.md", "docs/ai-measured.md", "docs/device.md", "docs/playing.md"]
    checked = 0
    for src in sources:
        text = read(src)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if "://" in target:
                continue
            path, _, anchor = target.partition("#")
            base = os.path.dirname(src)
            rel = os.path.normpath(os.path.join(base, path)) if path else src
            assert os.path.exists(os.path.join(ROOT, rel)), "%s links to missing %s" % (src, target)
            if anchor:
                heads = [slug(line.lstrip("#")) for line in read(rel).splitlines()
                         if line.startswith("#")]
                assert anchor in heads, "%s links to %s: no such heading" % (src, target)
            checked += 1
    assert checked


def test_readme_links_the_figures_docs():
    readme = read("README.md")
    assert "docs/ai.md" in readme and "docs/device.md" in readme
