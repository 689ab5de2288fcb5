"""The compiled parts: the recognition kernel (parsers/_match.c) and the default layout's
line splitter (parsers/_layout.c); everything else is configured in pyproject.toml.  Both
are optional: without a C compiler the package installs and parses with Polars
expressions alone (parsers/kernel.py, parsers/layouts.py)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            f"kafka_forensics.parsers.{name}",
            sources=[f"parsers/{name}.c"],
            depends=["parsers/views.h"],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        )
        for name in ("_match", "_layout")
    ]
)
