#!/bin/sh
# Rebuilds every fixture and checks it. Recording needs tmux, vim, less,
# htop, top, git, unshare; everything needs Python 3 with `wcwidth`.
set -e
cd "$(dirname "$0")"
python3 make_synthetic.py
python3 record_tmux.py
python3 validate_tuiframes.py --stats ../recordings ../synthetic
