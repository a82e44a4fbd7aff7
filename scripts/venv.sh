# Sourced by scripts/run and scripts/test: makes .venv on first use, with a newer pip.
if [ ! -x .venv/bin/python ]; then
  # Said plainly: Ubuntu 22.04's python3 is 3.10, and pip's own refusal reads as a bad package.
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
    echo "phaselens needs Python 3.11 or newer; python3 here is $(python3 --version 2>&1)" >&2
    exit 1
  }
  python3 -m venv .venv
fi
.venv/bin/pip install -q --upgrade pip
