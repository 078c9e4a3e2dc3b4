"""Builds and installs the Python package iri: CMake builds the extension iri._iri from this source tree.

    python3 -m pip install --no-build-isolation .       (Debian: add --break-system-packages, or use a venv
                                                         made with --system-site-packages)

Needs cmake, a C++20 compiler, re2c, libicu-dev, python3-dev and python3-pybind11 (scripts/setup.sh installs
them); no network. The interpreter running this file is the one the extension is built for.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures the project with only the Python package on, builds target iri_python, copies the module."""

    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        "-DIRI_BUILD_TESTS=OFF", "-DIRI_BUILD_BENCH=OFF", "-DIRI_BUILD_CLI=OFF",
                        "-DIRI_BUILD_PYTHON=ON", "-DBUILD_SHARED_LIBS=OFF",  # the module holds the library
                        f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "iri_python", "-j", jobs], check=True)
        built = next((build / "python" / "iri").glob("_iri*" + os.path.splitext(self.get_ext_filename("x"))[1]))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


def version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(iri VERSION ([0-9.]+)", text).group(1)


setup(
    name="iri",
    version=version(),
    description="IRIs, URIs and LEIRIs (RFC 3986, RFC 3987, draft-ietf-iri-3987bis): parse, resolve, "
                "normalize, convert, check, extract",
    python_requires=">=3.9",
    package_dir={"": "python"},
    packages=["iri"],
    package_data={"iri": ["py.typed", "*.pyi"]},
    ext_modules=[CMakeExtension("iri._iri")],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-python"}},  # build/ is the CMake build folder
    zip_safe=False,
)
