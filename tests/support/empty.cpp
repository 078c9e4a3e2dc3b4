// Keeps iri_test_support non-empty while the support folder grows.
