from .base import Grader as Grader
from .group import GroupGrader as GroupGrader, grade_group as grade_group
from .hybrid import HybridGrader as HybridGrader
from .ladder import (
    ABSTENTION_REWARD as ABSTENTION_REWARD,
    CONFIDENT_ERRORS as CONFIDENT_ERRORS,
    Label as Label,
    abstention_reward as abstention_reward,
    calibrated_reward as calibrated_reward,
    f1_at_k as f1_at_k,
    labels_for as labels_for,
    reward_for as reward_for,
)
from .llm import ModelGrader as ModelGrader
from .llm.templates import (
    OURS as OURS,
    SimpleQATemplate as SimpleQATemplate,
    load_simpleqa_template as load_simpleqa_template,
)
from .local import LocalGrader as LocalGrader
from .spec import (
    GRADERS as GRADERS,
    GraderSpec as GraderSpec,
    OpenGrader as OpenGrader,
    known_grader as known_grader,
    make_grader as make_grader,
)
from .verdict import Verdict as Verdict
