// The ABNF front end, as the generator's main and the tests use it: the model of a grammar variant
// (abnf_model.hpp) and the loader that reads one from its files and checks it (abnf_loader.hpp).
#pragma once

#include "abnf_loader.hpp"
#include "abnf_model.hpp"
