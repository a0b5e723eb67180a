"""`python -m nohallucinate`: the same as the `nohallucinate` command."""

from nohallucinate.cli import app

if __name__ == "__main__":  # answer-checking worker processes import this module again; they must not run the app
    app(prog_name="nohallucinate")
