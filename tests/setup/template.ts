export const TEMPLATE_DATABASE = "remindful_test_template";
