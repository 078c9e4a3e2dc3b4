"""Builds and installs the Python package iri: CMake builds the extension iri._iri from this source tree.

    /usr/bin/python3 -m pip install -v --no-build-isolation --break-system-packages .
    (or, in a venv made with --system-site-packages: env/bin/pip install -v --no-build-isolation .)

Where an installed libiri of this version is found by pkg-config with its shared library (the libiri-dev .deb,
or a prefix on PKG_CONFIG_PATH), CMake builds the extension alone (python/CMakeLists.txt as a project of its
own) and links it to that libiri.so: seconds. Otherwise it builds the library too, static, into the extension:
minutes (-v shows CMake's progress; pip hides a build's output without it). Needs cmake, a C++20 compiler,
python3-dev and python3-pybind11, and for the library re2c and libicu-dev (scripts/setup.sh installs
them); no network. The interpreter running this file is the one the extension is built for. Everything it builds goes to
a temporary folder, removed when it ends: nothing is written into the source tree.
"""
import atexit
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
SCRATCH = tempfile.mkdtemp(prefix="iri-setup-")  # setuptools' build and egg-info folders, and CMake's build
atexit.register(shutil.rmtree, SCRATCH, ignore_errors=True)


def version():
    """The library's version: the top-level CMakeLists.txt's project() line."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(iri VERSION ([0-9.]+)", text).group(1)


def installed_library(wanted):
    """The library folder of an installed libiri of version `wanted` that pkg-config finds and that holds the
    shared library (a static libiri.a cannot go into a shared module unless built position-independent), or
    None."""
    try:  # --exact-version only answers by its status: the folder takes a second call
        if subprocess.run(["pkg-config", "--exact-version=" + wanted, "iri"], check=False).returncode != 0:
            return None
        found = subprocess.run(["pkg-config", "--variable=libdir", "iri"], capture_output=True, text=True,
                               check=False)
    except OSError:  # no pkg-config
        return None
    libdir = found.stdout.strip()
    if found.returncode != 0 or not libdir or not (pathlib.Path(libdir) / "libiri.so").exists():
        return None
    return libdir


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures python/ alone (an installed libiri) or the whole project with only the Python package on,
    builds target iri_python, copies the module."""

    def build_extension(self, ext):
        build = pathlib.Path(SCRATCH) / "cmake"
        libdir = installed_library(version())
        if libdir:
            print(f"iri: building the extension alone, linked to the installed libiri.so in {libdir}", flush=True)
            configure = ["-S", str(ROOT / "python")]
        else:
            print("iri: no installed libiri " + version() + " (pkg-config iri, with libiri.so): building the "
                  "library and the extension, several minutes", flush=True)
            configure = ["-S", str(ROOT), "-DIRI_BUILD_TESTS=OFF", "-DIRI_BUILD_BENCH=OFF", "-DIRI_BUILD_CLI=OFF",
                         "-DIRI_BUILD_PYTHON=ON", "-DBUILD_SHARED_LIBS=OFF"]  # the module holds the library
        subprocess.run(["cmake", *configure, "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "iri_python", "-j", jobs], check=True)
        built = next((build / "python" / "iri").glob("_iri*" + os.path.splitext(self.get_ext_filename("x"))[1]))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


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
    options={"build": {"build_base": os.path.join(SCRATCH, "build")},
             "egg_info": {"egg_base": SCRATCH}},
    zip_safe=False,
)
