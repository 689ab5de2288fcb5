"""The recognition kernel (parsers/_match.c) is the one compiled part; everything else
is configured in pyproject.toml.  It is optional: without a C compiler the package
installs and recognises with Polars expressions alone (parsers/kernel.py)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "kafka_forensics.parsers._match",
            sources=["parsers/_match.c"],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        )
    ]
)
